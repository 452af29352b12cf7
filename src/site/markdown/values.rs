//! Every value and claim of an essay evaluated, once a build, after its
//! figures are bound and before its page is rendered: what the page prints
//! (or the error a false claim is) and what the record of values keeps
//! ([`crate::site::changes`]) come from this one evaluation.
//!
//! It imports the claims, the generators' drawings, diagnostics and the
//! markdown's [`super::prepared`] and [`super::scan`](mod@super::scan);
//! the render and the pipeline import it.

use super::prepared::{Expression, Prepared};
use super::scan::Scan;
use crate::claims::ast::{Action, Expr, Step, Term};
use crate::claims::{self, EssayData};
use crate::draw::Rendered as View;
use crate::site::diagnostics::ContentError;
use std::collections::{BTreeMap, HashSet};

/// A figure as its essay shows it: its view and the stems of the data files
/// it links (the job's whole data as JSON, the view's values as CSV).
pub struct Shown<'a> {
    /// Its drawing.
    pub view: &'a View,
    /// The stem of its JSON file.
    pub json: String,
    /// The stem of its CSV file, if its view has values.
    pub csv: Option<String>,
}

/// One expression, evaluated.
#[derive(Clone, Debug)]
pub struct Stated {
    /// What the page prints, or the error at the expression; `None` for one
    /// naming a figure that failed (its failure is reported).
    pub page: Option<Result<Value, ContentError>>,
    /// What the record of values keeps, and whether it holds; `None` for
    /// one not evaluated (an error the build reports) or a legend's role.
    pub record: Option<(String, bool)>,
}

/// The values and claims of a figure's caption and alt text.
#[derive(Default)]
pub struct FigureValues {
    /// Of its caption.
    pub caption: Vec<Stated>,
    /// Of its alt text.
    pub alt: Vec<Stated>,
}

/// Every value and claim of an essay, evaluated.
#[derive(Default)]
pub struct Values {
    /// Of its body, in order.
    pub body: Vec<Stated>,
    /// Of each directive's caption and alt text, by directive.
    pub figures: Vec<FigureValues>,
    /// How many expressions were evaluated.
    pub evaluated: usize,
}

/// What one build evaluates of one essay.
pub struct Inputs<'a> {
    /// Its figures' data.
    pub data: &'a EssayData<'a>,
    /// Its figures as shown, for legends.
    pub figures: &'a BTreeMap<String, Shown<'a>>,
    /// Ids whose directive or figure failed (and was reported).
    pub broken: &'a HashSet<String>,
}

impl Values {
    /// Evaluates every expression of an essay's body and of its figures'
    /// captions and alt texts, each once.
    pub fn of(scan: &Scan, inputs: &Inputs<'_>) -> Values {
        let mut values = Values::default();
        values.body = values.all(&scan.body, inputs);
        values.figures = scan
            .texts
            .iter()
            .map(|texts| FigureValues {
                caption: texts
                    .caption
                    .as_ref()
                    .map(|(p, _)| values.all(p, inputs))
                    .unwrap_or_default(),
                alt: texts
                    .alt
                    .as_ref()
                    .map(|(p, _)| values.all(p, inputs))
                    .unwrap_or_default(),
            })
            .collect();
        values
    }

    /// Evaluates the expressions of a prepared text.
    fn all(&mut self, prepared: &Prepared, inputs: &Inputs<'_>) -> Vec<Stated> {
        prepared.exprs.iter().map(|e| self.one(e, inputs)).collect()
    }

    fn one(&mut self, e: &Expression, inputs: &Inputs<'_>) -> Stated {
        let x = match &e.expr {
            Err(m) => {
                return Stated {
                    page: Some(Err(m.clone())),
                    record: None,
                };
            }
            Ok(x) => x,
        };
        if x.ids().iter().any(|id| inputs.broken.contains(*id)) {
            return Stated {
                page: None,
                record: None,
            };
        }
        if legend_role(x).is_some() {
            return Stated {
                page: Some(legend(inputs.figures, x)),
                record: None,
            };
        }
        self.evaluated += 1;
        match claims::evaluate(x, inputs.data) {
            Err(m) => Stated {
                page: Some(Err(m)),
                record: None,
            },
            Ok(done) => {
                let page = done.page().map(|text| {
                    if x.action.is_words() && e.opens_sentence {
                        capitalise(text)
                    } else {
                        text.to_string()
                    }
                });
                Stated {
                    page: Some(page.map(Value::from)),
                    record: Some((done.recorded.clone(), done.holds())),
                }
            }
        }
    }
}

/// `text` with its first letter in upper case.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `{{ ID.legend[ROLE] }}`: the role's swatch and what it means in the
/// legend of figure `ID` (ROLE is the role's name, `blocked` or
/// `series-0`, or what it means there), or why there is none.
fn legend(figures: &BTreeMap<String, Shown<'_>>, x: &Expr) -> Result<Value, ContentError> {
    let (id, wanted) = legend_role(x).expect("called on a legend's role");
    let Some(shown) = figures.get(id) else {
        return Err(format!(
            "`{id}.legend[{wanted}]`: no figure `{id}` in this essay draws a legend"
        )
        .into());
    };
    let squeeze = |s: &str| s.to_lowercase().replace(' ', "");
    let found = shown.view.legend.iter().find(|(class, meaning)| {
        class.strip_prefix("role-") == Some(wanted) || squeeze(meaning) == squeeze(wanted)
    });
    if let Some((class, meaning)) = found {
        Ok(Value {
            text: meaning.clone(),
            swatch: Some(class.clone()),
        })
    } else {
        let roles: Vec<String> = shown
            .view
            .legend
            .iter()
            .map(|(class, meaning)| format!("{} ({meaning})", class.trim_start_matches("role-")))
            .collect();
        Err(format!(
            "`{id}.legend[{wanted}]`: figure `{id}`'s legend has no role `{wanted}`; it has: {}",
            if roles.is_empty() {
                "none".to_string()
            } else {
                roles.join(", ")
            }
        )
        .into())
    }
}

/// What an expression prints: its text, after the swatch of a legend's role
/// for `{{ ID.legend[ROLE] }}`.
#[derive(Clone, Debug)]
pub struct Value {
    /// The text it prints.
    pub text: String,
    /// The role's class (`role-blocked`).
    pub swatch: Option<String>,
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value { text, swatch: None }
    }
}

impl Value {
    /// As HTML: the text escaped, after a swatch styled by the role's class
    /// (written without quotes, so that it cannot end an attribute it lands in).
    pub(super) fn html(&self) -> String {
        let text = html_escape::encode_quoted_attribute(&self.text);
        match &self.swatch {
            Some(class) => {
                format!("<span class={class} data-swatch aria-hidden=true></span>\u{a0}{text}")
            }
            None => text.into_owned(),
        }
    }
}

/// The figure and role of `{{ ID.legend[ROLE] }}`, if `x` is one.
fn legend_role(x: &Expr) -> Option<(&str, &str)> {
    let Action::Show = x.action else {
        return None;
    };
    let Term::Path(path) = &x.term else {
        return None;
    };
    match path.steps.as_slice() {
        [Step::Key(key), Step::Name(role)] if key == "legend" => {
            Some((path.id.as_str(), role.as_str()))
        }
        _ => None,
    }
}
