//! The Hub protocol's line syntax: `<command> <arg>=<val> <arg>=<val> ...`,
//! read and written exactly as its document says. A name (the command, an
//! argument's name, an unquoted value) is a run of characters that are not
//! blank, control characters, `=` or `"`; a value in double quotes may hold
//! anything but a double quote (there is no escape); an argument without
//! `=val` is a flag, whose value is the empty string. Unknown commands and
//! arguments are the reader's to ignore, so a line keeps every argument in
//! order.

use std::fmt;

/// One line of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub command: String,
    /// Each argument's name and value (`None` for a flag), in order.
    pub args: Vec<(String, Option<String>)>,
}

impl Line {
    /// A line to write: a command and its arguments.
    pub fn new(command: &str) -> Line {
        Line { command: command.to_string(), args: Vec::new() }
    }

    /// The line with an argument added.
    pub fn arg(mut self, name: &str, value: &str) -> Line {
        self.args.push((name.to_string(), Some(value.to_string())));
        self
    }

    /// The line with a flag added.
    pub fn flag(mut self, name: &str) -> Line {
        self.args.push((name.to_string(), None));
        self
    }

    /// The value of the first argument of that name (a flag's is empty).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_deref().unwrap_or(""))
    }

    /// Whether the line has an argument or flag of that name.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }

    /// The line as written on the wire, or why it cannot be: a name that
    /// is none, or a value holding a double quote (which the protocol
    /// cannot carry).
    pub fn write(&self) -> Result<String, String> {
        if !is_name(&self.command) {
            return Err(format!("'{}' cannot be a Hub command", rulecheck_text::shown(&self.command)));
        }
        let mut out = self.command.clone();
        for (name, value) in &self.args {
            if !is_name(name) {
                return Err(format!("'{}' cannot be the name of a Hub argument", rulecheck_text::shown(name)));
            }
            out.push(' ');
            out.push_str(name);
            if let Some(v) = value {
                if v.contains('"') || v.chars().any(|c| c == '\n' || c == '\r') {
                    return Err(format!(
                        "{name}='{}': a Hub value cannot hold a double quote or a line break",
                        rulecheck_text::shown(v)
                    ));
                }
                out.push('=');
                if is_name(v) {
                    out.push_str(v);
                } else {
                    out.push('"');
                    out.push_str(v);
                    out.push('"');
                }
            }
        }
        Ok(out)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.write() {
            Ok(s) => f.write_str(&s),
            Err(_) => write!(f, "{} ...", self.command),
        }
    }
}

/// Whether a character may be part of a name.
fn is_id(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

/// Whether a text is a name: written unquoted.
fn is_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_id)
}

/// Read one line (its line break already taken off). A malformed line is
/// an error saying where it goes wrong: no command, an `=` without a name
/// before it, a quote never closed.
pub fn parse(text: &str) -> Result<Line, String> {
    let mut rest = text.trim_start();
    let command = take_name(&mut rest);
    if command.is_empty() {
        return Err(match rest.chars().next() {
            None => "an empty line (a command was expected)".into(),
            Some(c) => format!("a line that starts with '{c}' rather than a command"),
        });
    }
    let mut line = Line { command, args: Vec::new() };
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(line);
        }
        let name = take_name(&mut rest);
        if name.is_empty() {
            return Err(format!("'{}' where an argument's name was expected", rulecheck_text::shown(first_word(rest))));
        }
        let after = rest.trim_start();
        let Some(value_text) = after.strip_prefix('=') else {
            line.args.push((name, None));
            continue;
        };
        let spaced = value_text.starts_with(char::is_whitespace);
        let value_text = value_text.trim_start();
        if let Some(quoted) = value_text.strip_prefix('"') {
            let Some(end) = quoted.find('"') else {
                return Err(format!("the value of {name} opens a quote that is never closed"));
            };
            line.args.push((name, Some(quoted[..end].to_string())));
            rest = &quoted[end + 1..];
        } else {
            // `name=` before a blank and the next argument, or before the
            // end, is read as the empty value the document writes
            // `name=""`: an engine that writes its empty move so still
            // says it has none. (`name = value`, blanks around the `=`,
            // is the value.)
            let mut r = value_text;
            let mut value = take_name(&mut r);
            if spaced && r.trim_start().starts_with('=') {
                value = String::new();
                r = value_text;
            }
            line.args.push((name, Some(value)));
            rest = r;
        }
    }
}

/// The name at the start of `rest`, taken off it.
fn take_name(rest: &mut &str) -> String {
    let end = rest.find(|c: char| !is_id(c)).unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    *rest = after;
    name.to_string()
}

fn first_word(s: &str) -> &str {
    s.split_whitespace().next().unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &Line) -> Vec<(&str, Option<&str>)> {
        line.args.iter().map(|(n, v)| (n.as_str(), v.as_deref())).collect()
    }

    #[test]
    fn a_line_is_a_command_and_its_arguments_in_order() {
        let l = parse(r#"param name=variant value=normal type=enum values="normal killer bt frisian losing""#).unwrap();
        assert_eq!(l.command, "param");
        assert_eq!(
            args(&l),
            [
                ("name", Some("variant")),
                ("value", Some("normal")),
                ("type", Some("enum")),
                ("values", Some("normal killer bt frisian losing"))
            ]
        );
        assert_eq!(l.get("values"), Some("normal killer bt frisian losing"));
        assert_eq!(parse("wait").unwrap(), Line::new("wait"));
    }

    #[test]
    fn flags_quotes_and_blanks_read_as_the_document_says() {
        let l = parse("  level   infinite  depth = 12 ").unwrap();
        assert_eq!(args(&l), [("infinite", None), ("depth", Some("12"))]);
        assert!(l.has("infinite") && l.get("infinite") == Some(""));
        let l = parse(r#"error message="" pv="32-28 17-22"x=1"#).unwrap();
        assert_eq!(args(&l), [("message", Some("")), ("pv", Some("32-28 17-22")), ("x", Some("1"))]);
        let l = parse(r#"id name=Scan author="Fabien Letouzey" country=France"#).unwrap();
        assert_eq!(l.get("author"), Some("Fabien Letouzey"));
        let l = parse("done move=28x19x23 ponder=17-22\r").unwrap();
        assert_eq!(l.get("move"), Some("28x19x23"));
        assert_eq!(l.get("ponder"), Some("17-22"), "a carriage return is a blank");
        let l = parse("done move= ponder=1").unwrap();
        assert_eq!(args(&l), [("move", Some("")), ("ponder", Some("1"))], "an unquoted empty value is empty");
        let l = parse("info quoted=\"a=b\"").unwrap();
        assert_eq!(l.get("quoted"), Some("a=b"));
    }

    #[test]
    fn malformed_lines_say_where_they_go_wrong() {
        for (text, said) in [
            ("", "an empty line"),
            ("   ", "an empty line"),
            ("=x", "starts with '='"),
            ("\"done\"", "starts with '\"'"),
            ("done =28-23", "'=28-23' where an argument's name"),
            ("info pv=\"32-28 17-22", "never closed"),
            ("done move=\"", "never closed"),
        ] {
            let e = parse(text).expect_err(text);
            assert!(e.contains(said), "{text:?}: {e}");
        }
    }

    #[test]
    fn lines_are_written_with_quotes_where_a_value_needs_them() {
        let l = Line::new("pos").arg("pos", "Wbbb").arg("moves", "32-28 17-22");
        assert_eq!(l.write().unwrap(), r#"pos pos=Wbbb moves="32-28 17-22""#);
        assert_eq!(Line::new("go").flag("think").write().unwrap(), "go think");
        assert_eq!(
            Line::new("set-param").arg("name", "x").arg("value", "").write().unwrap(),
            r#"set-param name=x value="""#
        );
        assert_eq!(Line::new("x").arg("v", "a=b").write().unwrap(), r#"x v="a=b""#);
        assert!(Line::new("x").arg("v", "say \"hi\"").write().is_err());
        assert!(Line::new("two words").write().is_err());
        for l in [Line::new("level").arg("move-time", "1.5"), Line::new("x").arg("v", "a b").flag("f")] {
            assert_eq!(parse(&l.write().unwrap()).unwrap(), l, "a written line reads back");
        }
    }
}
