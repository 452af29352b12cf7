//! `ladder figure NAME [key=value ...]`: runs one generator and prints its data
//! as JSON on stdout and its checks on stderr.
//!
//! It imports the generators and [`super::exit`].

use super::exit::{CONTENT_ERROR, USAGE_ERROR};
use crate::generators::{self, Params};
use std::collections::BTreeMap;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The generator's name (see `ladder generators`).
    name: String,
    /// Parameters as key=value, each value a TOML value (`rows=4 blocked_columns=[3]`).
    params: Vec<String>,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let usage = |msg: String| {
        err!("error: {msg}");
        Ok(ExitCode::from(USAGE_ERROR))
    };
    let Some(generator) = generators::find(&args.name) else {
        let names: Vec<_> = generators::REGISTRY.iter().map(|g| g.spec().name).collect();
        return usage(format!(
            "no generator `{}`; there are: {}",
            args.name,
            names.join(", ")
        ));
    };
    let mut given = BTreeMap::new();
    for pair in &args.params {
        let Some((key, value)) = pair.split_once('=') else {
            return usage(format!("`{pair}` is not key=value"));
        };
        let Some(value) = generators::toml_value(value) else {
            return usage(format!("`{value}` (for `{key}`) is not a TOML value"));
        };
        if given.insert(key.trim().to_string(), value).is_some() {
            return usage(format!(
                "`{}` is given twice; give each parameter once",
                key.trim()
            ));
        }
    }
    let params = match Params::parse(generator.spec(), &given) {
        Ok(p) => p,
        Err(errors) => {
            let msgs: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return usage(msgs.join("\n       "));
        }
    };
    if let Err(limit) = generator.spec().check_limits(&params) {
        return usage(limit.to_string());
    }
    let output = generator.run(&params);
    out!("{}", serde_json::to_string_pretty(&output.data)?)?;
    for check in &output.checks {
        err!("{check}");
    }
    Ok(if output.checks.iter().all(|c| c.holds) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CONTENT_ERROR)
    })
}

#[cfg(test)]
mod tests {
    use crate::generators::toml_value;
    use toml::Value;

    #[test]
    fn reads_one_toml_value_and_nothing_after_it() {
        assert_eq!(toml_value(" 4 "), Some(Value::Integer(4)));
        assert_eq!(
            toml_value("[3]"),
            Some(Value::Array(vec![Value::Integer(3)]))
        );
        assert_eq!(toml_value("'normal'"), Some(Value::String("normal".into())));
        for refused in ["", "normal", "4 5", "4\nrows = 5", "4 # a comment"] {
            assert_eq!(toml_value(refused), None, "{refused:?}");
        }
    }
}
