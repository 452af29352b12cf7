//! Real servers for the figure store, started by the tests and the `store`
//! bench, each stopped when dropped: an S3 server (`s3s-fs`), a `WebDAV` server
//! (Debian's Apache httpd with `mod_dav`) and a folder (`file:///`).
//!
//! The servers are found by `LADDER_S3S_FS` and `LADDER_APACHE2` (paths to
//! the binaries), else on `PATH` (`s3s-fs`, `apache2` or `/usr/sbin/apache2`)
//! or where a first run installed them. A fresh machine's first run installs
//! what is missing, once, as `.ci/run` does: s3s-fs with `cargo install` into
//! `LADDER_TOOLS` (by default `~/.cache/ladder/tools`), Apache with
//! `apt-get` when the tests run as root; where it cannot, starting the server
//! panics, saying how to install it.
// The tests and the bench each use part of it.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A store's server, stopped when dropped.
pub struct Server {
    /// The store's URL.
    pub url: String,
    /// The environment a client needs (credentials, endpoint).
    pub env: Vec<(String, String)>,
    /// The port the server listens on (none for a folder).
    pub port: Option<u16>,
    /// Where the store's objects lie on disk.
    pub objects: PathBuf,
    /// The server's access log (Apache's), one request a line.
    pub access_log: Option<PathBuf>,
    child: Option<Child>,
    /// How the server asks to be stopped, when killing its process would
    /// leave others behind (Apache's workers outlive a killed parent).
    stop: Option<Command>,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let asked = self.stop.take().is_some_and(|mut stop| {
                stop.stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            });
            if !asked {
                let _ = child.kill();
            }
            let _ = child.wait();
        }
    }
}

pub const ACCESS_KEY: &str = "ladder-test-key";
pub const SECRET_KEY: &str = "ladder-test-secret-d0n7-pr1n7";

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Where a first run installs s3s-fs, as `.ci/run` does.
fn tools() -> PathBuf {
    std::env::var_os("LADDER_TOOLS").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cache/ladder/tools"),
        PathBuf::from,
    )
}

/// The binary `var` names, or `name` on `PATH` (or one of `also`); when
/// there is none, `install` run once (the tests run in parallel: one
/// installs, the others wait for it), then `installed`, and the search made
/// again; a panic saying how to install it when that fails too.
fn binary(var: &str, name: &str, also: &[PathBuf], install: &[&str], installed: fn()) -> PathBuf {
    static INSTALLING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    if let Some(path) = std::env::var_os(var) {
        return PathBuf::from(path);
    }
    let find = || {
        let on_path = std::env::var_os("PATH")
            .map(|p| {
                std::env::split_paths(&p)
                    .map(|d| d.join(name))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        on_path
            .into_iter()
            .chain(also.iter().cloned())
            .find(|p| p.is_file())
    };
    let _installing = INSTALLING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = find() {
        return found;
    }
    eprintln!(
        "the figure store tests need `{name}`: installing it with `{}`",
        install.join(" ")
    );
    let ran = Command::new(install[0]).args(&install[1..]).status();
    installed();
    find().unwrap_or_else(|| {
        panic!(
            "the figure store tests need `{name}`, found neither by {var} nor on PATH, and \
             `{}` did not install it ({ran:?}); install it (.ci/run does) or set {var}",
            install.join(" ")
        )
    })
}

/// Waits until something listens on `port`.
fn wait_for(port: u16, child: &mut Child) {
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the store's server exited ({status}) before listening on {port}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the store's server did not listen on {port} within 20 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub fn s3_env(port: u16, secret: &str) -> Vec<(String, String)> {
    [
        ("AWS_ACCESS_KEY_ID", ACCESS_KEY),
        ("AWS_SECRET_ACCESS_KEY", secret),
        ("AWS_ENDPOINT_URL", &format!("http://127.0.0.1:{port}")),
        ("AWS_ALLOW_HTTP", "true"),
        ("AWS_REGION", "us-east-1"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// An S3 server (`s3s-fs`) over a temporary folder, with the bucket `ladder`.
pub fn s3() -> Server {
    let root = tools();
    let bin = binary(
        "LADDER_S3S_FS",
        "s3s-fs",
        &[root.join("bin/s3s-fs")],
        &[
            "cargo",
            "install",
            "--root",
            &root.to_string_lossy(),
            "s3s-fs@0.14.1",
            "--features",
            "binary",
        ],
        || {},
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ladder")).unwrap();
    let port = free_port();
    let mut child = Command::new(bin)
        .args(["--host", "127.0.0.1", "--port", &port.to_string()])
        .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(port, &mut child);
    Server {
        url: "s3://ladder/figs".into(),
        env: s3_env(port, SECRET_KEY),
        port: Some(port),
        objects: dir.path().join("ladder/figs"),
        access_log: None,
        child: Some(child),
        stop: None,
        _dir: dir,
    }
}

/// A `WebDAV` server: Apache httpd with `mod_dav`, its own configuration in a
/// temporary folder, serving the store at its `DocumentRoot`.
pub fn dav() -> Server {
    let bin = binary(
        "LADDER_APACHE2",
        "apache2",
        &[PathBuf::from("/usr/sbin/apache2")],
        &["apt-get", "install", "-y", "-q", "apache2"],
        // Debian's package starts its service where an init system lets it;
        // the tests start their own servers, so stop one it started.
        || {
            if let Ok(pid) = std::fs::read_to_string("/var/run/apache2/apache2.pid") {
                let _ = Command::new("kill").arg(pid.trim()).status();
            }
        },
    );
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // Apache serves as www-data: it must reach and write the folders.
    let open = |p: &Path, mode| {
        std::fs::set_permissions(p, std::os::unix::fs::PermissionsExt::from_mode(mode)).unwrap();
    };
    open(root, 0o755);
    for sub in ["dav", "lock"] {
        std::fs::create_dir(root.join(sub)).unwrap();
        open(&root.join(sub), 0o777);
    }
    let port = free_port();
    let modules = "/usr/lib/apache2/modules";
    let r = root.display();
    let conf = format!(
        "ServerName 127.0.0.1\n\
         LoadModule mpm_event_module {modules}/mod_mpm_event.so\n\
         LoadModule authz_core_module {modules}/mod_authz_core.so\n\
         LoadModule dav_module {modules}/mod_dav.so\n\
         LoadModule dav_fs_module {modules}/mod_dav_fs.so\n\
         Listen 127.0.0.1:{port}\n\
         PidFile {r}/httpd.pid\n\
         ErrorLog {r}/error.log\n\
         LogFormat \"%m %U %>s\" ladder\n\
         CustomLog {r}/access.log ladder\n\
         User www-data\nGroup www-data\n\
         DocumentRoot {r}/dav\n\
         DavLockDB {r}/lock/db\n\
         <Directory {r}/dav>\n  Dav On\n  DavDepthInfinity On\n  Require all granted\n</Directory>\n"
    );
    std::fs::write(root.join("httpd.conf"), conf).unwrap();
    let mut child = Command::new(&bin)
        .arg("-f")
        .arg(root.join("httpd.conf"))
        .arg("-DFOREGROUND")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for(port, &mut child);
    // Apache stops its workers, then itself, on the signal `-k stop` sends.
    let mut stop = Command::new(bin);
    stop.arg("-f")
        .arg(root.join("httpd.conf"))
        .args(["-k", "stop"]);
    Server {
        url: format!("http://127.0.0.1:{port}/figs"),
        env: Vec::new(),
        port: Some(port),
        objects: root.join("dav/figs"),
        access_log: Some(root.join("access.log")),
        child: Some(child),
        stop: Some(stop),
        _dir: dir,
    }
}

/// A folder, as `file:///`.
pub fn folder() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let objects = dir.path().join("store");
    Server {
        url: format!("file://{}", objects.display()),
        env: Vec::new(),
        port: None,
        objects,
        access_log: None,
        child: None,
        stop: None,
        _dir: dir,
    }
}
