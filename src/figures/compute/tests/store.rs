//! The computation with a figure store: an object store in memory that
//! counts the requests made of it, and fails on demand.

use super::*;

/// An object store in memory that counts the requests made of it, and
/// whose puts fail once it is `down` (a store that went down mid-build).
#[derive(Debug, Default)]
struct Counted {
    inner: object_store::memory::InMemory,
    requests: std::sync::atomic::AtomicUsize,
    down: std::sync::atomic::AtomicBool,
}

impl std::fmt::Display for Counted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Counted")
    }
}

impl Counted {
    fn count(&self) -> object_store::Result<()> {
        use std::sync::atomic::Ordering::SeqCst;
        self.requests.fetch_add(1, SeqCst);
        if self.down.load(SeqCst) {
            return Err(object_store::Error::Generic {
                store: "Counted",
                source: "connection refused".into(),
            });
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl object_store::ObjectStore for Counted {
    async fn put_opts(
        &self,
        location: &object_store::path::Path,
        payload: object_store::PutPayload,
        opts: object_store::PutOptions,
    ) -> object_store::Result<object_store::PutResult> {
        self.count()?;
        self.inner.put_opts(location, payload, opts).await
    }
    async fn put_multipart_opts(
        &self,
        location: &object_store::path::Path,
        opts: object_store::PutMultipartOptions,
    ) -> object_store::Result<Box<dyn object_store::MultipartUpload>> {
        self.count()?;
        self.inner.put_multipart_opts(location, opts).await
    }
    async fn get_opts(
        &self,
        location: &object_store::path::Path,
        options: object_store::GetOptions,
    ) -> object_store::Result<object_store::GetResult> {
        self.count()?;
        self.inner.get_opts(location, options).await
    }
    fn delete_stream(
        &self,
        locations: futures::stream::BoxStream<
            'static,
            object_store::Result<object_store::path::Path>,
        >,
    ) -> futures::stream::BoxStream<'static, object_store::Result<object_store::path::Path>> {
        self.inner.delete_stream(locations)
    }
    fn list(
        &self,
        prefix: Option<&object_store::path::Path>,
    ) -> futures::stream::BoxStream<'static, object_store::Result<object_store::ObjectMeta>> {
        self.inner.list(prefix)
    }
    async fn list_with_delimiter(
        &self,
        prefix: Option<&object_store::path::Path>,
    ) -> object_store::Result<object_store::ListResult> {
        self.inner.list_with_delimiter(prefix).await
    }
    async fn copy_opts(
        &self,
        from: &object_store::path::Path,
        to: &object_store::path::Path,
        options: object_store::CopyOptions,
    ) -> object_store::Result<()> {
        self.inner.copy_opts(from, to, options).await
    }
}

/// A cache in `dir` with a writable store over `objects`.
fn cache_with_store(dir: &Path, objects: &Arc<Counted>) -> Cache {
    let settings = crate::figures::Settings {
        url: "memory://counted".into(),
        write: true,
        required: false,
        link_local: false,
    };
    let store = crate::figures::Store::with(
        objects.clone(),
        object_store::path::Path::from("figs"),
        &settings,
    )
    .unwrap();
    Cache {
        store: Some(Arc::new(store)),
        ..cache_in(dir)
    }
}

#[test]
fn a_store_is_asked_only_for_what_figures_lacks() {
    use std::sync::atomic::Ordering::SeqCst;
    let objects = Arc::new(Counted::default());
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_with_store(dir.path(), &objects);
    // A miss: the run and its drawing are asked for, then both put.
    let (got, notes) = run_noting(&cache);
    assert_eq!(
        (got.origin, notes),
        (Origin::Computed { changed: false }, vec![])
    );
    assert_eq!(objects.requests.load(SeqCst), 4);
    // figures/ holds both: no request at all.
    let (got, notes) = run_noting(&cache);
    assert_eq!((got.origin, notes), (Origin::Reused, vec![]));
    assert_eq!(objects.requests.load(SeqCst), 4);
    // An empty figures/ takes both from the store, and computes nothing.
    let other = tempfile::tempdir().unwrap();
    let (got, notes) = run_noting(&cache_with_store(other.path(), &objects));
    assert_eq!((got.origin, got.drawn, notes), (Origin::Fetched, 0, vec![]));
    assert_eq!(objects.requests.load(SeqCst), 6);
    assert_eq!(
        std::fs::read_dir(other.path()).unwrap().count(),
        2,
        "the run and its drawing are kept in figures/"
    );
}

#[test]
fn a_store_that_goes_down_mid_build_is_one_warning_and_no_more_requests() {
    use std::sync::atomic::Ordering::SeqCst;
    let objects = Arc::new(Counted::default());
    let dir = tempfile::tempdir().unwrap();
    let cache = cache_with_store(dir.path(), &objects);
    // The lookups find nothing; then the store goes down before the
    // uploads (the progress is told as the first figure is computed).
    struct DownOnStart<'a>(&'a Counted, Notes);
    impl Progress for DownOnStart<'_> {
        fn start(&self, _: usize) {
            self.0.down.store(true, SeqCst);
        }
        fn done(&self, _: &str, _: Duration) {}
        fn finish(&self) {}
        fn say(&self, line: &str) {
            self.1.say(line);
        }
    }
    let progress = DownOnStart(&objects, Notes::default());
    let jobs = [job_with_wall(true), job_with_wall(false)];
    let results = compute(&jobs, &cache, &mut Memory::new(), &progress);
    assert!(results.iter().all(|r| {
        r.as_ref()
            .is_ok_and(|g| g.origin == Origin::Computed { changed: false })
    }));
    let notes = progress.1.0.into_inner().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("warning: figure store memory://counted failed")
            && notes[0].contains("connection refused"),
        "{notes:?}"
    );
    // The four lookups, and at most one upload a slot before the
    // failure was seen; figures/ has everything.
    assert!(objects.requests.load(SeqCst) <= 4 + crate::figures::store::IN_FLIGHT);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}
