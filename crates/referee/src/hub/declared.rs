//! What a Hub engine says of itself between `hub` and `wait`: its `id`
//! (name, version, author) and the parameters it offers (`param name=...
//! value=... type=... values="..."`), the variant among them. Read apart
//! from the process, so that the choice of the variant and the parameters
//! set can be tested on lines alone.

use super::notation;
use super::wire::Line;

/// One parameter an engine offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    /// Its value until set.
    pub value: String,
    /// `bool`, `int`, `real`, `string`, `enum`, as declared (if it is).
    pub kind: Option<String>,
    /// The values of an enum.
    pub values: Vec<String>,
}

/// An engine's handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declared {
    pub name: Option<String>,
    pub version: Option<String>,
    pub params: Vec<Param>,
}

impl Declared {
    /// Take in one line of the handshake (other lines are ignored, as the
    /// protocol asks).
    pub fn read(&mut self, line: &Line) {
        match line.command.as_str() {
            "id" => {
                self.name = line.get("name").map(str::to_string).or(self.name.take());
                self.version = line.get("version").map(str::to_string).or(self.version.take());
            }
            "param" => {
                let Some(name) = line.get("name").filter(|n| !n.is_empty()) else { return };
                let param = Param {
                    name: name.to_string(),
                    value: line.get("value").unwrap_or("").to_string(),
                    kind: line.get("type").map(str::to_string),
                    values: line
                        .get("values")
                        .map(|v| v.split_whitespace().map(str::to_string).collect())
                        .unwrap_or_default(),
                };
                match self.params.iter_mut().find(|p| p.name == param.name) {
                    Some(p) => *p = param,
                    None => self.params.push(param),
                }
            }
            _ => {}
        }
    }

    /// `Scan 3.1`: the name and version it gives, if any.
    pub fn title(&self) -> Option<String> {
        let name = self.name.as_deref()?;
        Some(match self.version.as_deref().filter(|v| !v.is_empty()) {
            Some(v) => format!("{name} {v}"),
            None => name.to_string(),
        })
    }

    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The rulecheck variant the engine plays unless told otherwise: the
    /// value of its `variant` parameter, else the Hub's `normal`
    /// (international draughts), the only game of an engine that offers
    /// no choice.
    pub fn default_variant(&self) -> Result<&'static str, String> {
        match self.param("variant") {
            Some(p) => notation::variant(&p.value).map_err(|e| format!("it declares variant={}: {e}", p.value)),
            None => Ok("international"),
        }
    }

    /// The `set-param` lines that make the engine play `variant` with the
    /// parameters `given`, each set only where it differs from the value
    /// declared (as the Hub GUI does); or why the engine cannot play it: it
    /// offers no variant parameter (and so plays only `normal`), or its
    /// values do not hold the variant's Hub name.
    pub fn settings(&self, variant: &str, given: &[(String, String)]) -> Result<Vec<Line>, String> {
        let hub = notation::hub_name(variant).ok_or_else(|| format!("'{variant}' has no Hub name"))?;
        let mut lines = Vec::new();
        match self.param("variant") {
            Some(p) if p.value == hub => {}
            Some(p) if p.values.is_empty() || p.values.iter().any(|v| v == hub) => {
                lines.push(Line::new("set-param").arg("name", "variant").arg("value", hub))
            }
            Some(p) => return Err(format!("it offers variant={} and not {hub}", p.values.join(", "))),
            None if hub == "normal" => {}
            None => return Err(format!("it offers no variant parameter, so it plays normal alone, not {hub}")),
        }
        for (name, value) in given {
            if name == "variant" {
                return Err("the variant is chosen with --variant, not --hub-param".into());
            }
            match self.param(name) {
                Some(p) if &p.value == value => {}
                Some(_) => lines.push(Line::new("set-param").arg("name", name).arg("value", value)),
                None => {
                    let offered: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
                    return Err(format!(
                        "--hub-param {name}: the engine offers no such parameter ({})",
                        if offered.is_empty() { "it offers none".to_string() } else { offered.join(", ") }
                    ));
                }
            }
        }
        for line in &lines {
            line.write()?;
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::super::wire::parse;
    use super::*;

    fn scan() -> Declared {
        let mut d = Declared::default();
        for l in [
            r#"id name=Scan version=3.1 author="Fabien Letouzey" country=France"#,
            r#"param name=variant value=normal type=enum values="normal killer bt frisian losing""#,
            "param name=book value=true type=bool",
            "info unrelated",
        ] {
            d.read(&parse(l).unwrap());
        }
        d
    }

    #[test]
    fn the_handshake_names_the_engine_and_its_parameters() {
        let d = scan();
        assert_eq!(d.title().as_deref(), Some("Scan 3.1"));
        assert_eq!(d.params.len(), 2);
        assert_eq!(d.param("variant").unwrap().values.len(), 5);
        assert_eq!(d.default_variant().unwrap(), "international");
    }

    #[test]
    fn only_what_differs_is_set_and_what_cannot_be_is_refused() {
        let d = scan();
        assert!(d.settings("international", &[]).unwrap().is_empty());
        let set = d.settings("frisian", &[("book".into(), "false".into()), ("book".into(), "true".into())]).unwrap();
        let written: Vec<String> = set.iter().map(|l| l.write().unwrap()).collect();
        assert_eq!(written, ["set-param name=variant value=frisian", "set-param name=book value=false"]);
        assert!(d.settings("international", &[("hash".into(), "1".into())]).unwrap_err().contains("no such parameter"));
        let mut plain = Declared::default();
        plain.read(&parse("id name=Tiny").unwrap());
        assert_eq!(plain.default_variant().unwrap(), "international");
        assert!(plain.settings("international", &[]).unwrap().is_empty());
        assert!(plain.settings("killer", &[]).unwrap_err().contains("plays normal alone"));
        let mut few = Declared::default();
        few.read(&parse(r#"param name=variant value=bt type=enum values="bt losing""#).unwrap());
        assert!(few.default_variant().unwrap_err().contains("breakthrough"));
        assert!(few.settings("frisian", &[]).unwrap_err().contains("offers variant=bt, losing"));
    }
}
