//! The HTML report, opened in a real headless browser: the boards render as
//! SVG, the failing moves are marked on them, and a screenshot is kept under
//! target/. `.ci/run` installs Chromium from the system's packages so that
//! this runs in CI; elsewhere without a Chromium it says so and checks the
//! HTML alone.
//!
//! Then every format is fed the one list of hostile strings
//! (`support/hostile.rs`) as scenario names, clause ids and a page of a
//! `--catalog` directory, an engine's name, its answers, its errors and
//! its standard error: the JUnit report must parse as XML with no element
//! injected, the Markdown matrix must render with no raw HTML and its
//! tables whole, the HTML report and matrix must hold no injected element
//! in a browser, and the terminal must get no control character.

use std::path::Path;

use crate::support::process;
use process::{rulecheck, ROOT};

use crate::support::browser::{chromium_for, headless};
use crate::support::hostile;
use hostile::{hostile, hostile_names, terminal_unsafe};

#[test]
fn the_html_report_draws_boards_and_marks_failing_moves_in_a_browser() {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/report-test");
    std::fs::create_dir_all(&out).expect("output dir");
    let html = out.join("report.html");
    let engine = format!("{} serve --deviate flying-kings-flipped", env!("CARGO_BIN_EXE_rulecheck"));
    let html_arg = html.to_string_lossy().into_owned();
    let o = rulecheck(&["run", "--engine", &engine, "spec/english/kings.yaml", "spec/compare", "--report", &html_arg]);
    assert_eq!(o.code, Some(1), "{}", o.all());
    let page = std::fs::read_to_string(&html).expect("report written");
    assert!(page.contains("<h2>By clause</h2>") && page.contains("english.king.move"));
    assert!(page.matches("<svg").count() >= 5, "a board per failing scenario");
    assert!(page.contains("class=\"mark\""), "failing moves are marked");

    let Some(browser) = chromium_for("the report") else { return };
    let profile = out.join("chromium-profile");
    let url = format!("file://{}", html.display());
    // The DOM after rendering: the SVG boards and their marks are there.
    let dom = headless(&browser, &profile).arg("--dump-dom").arg(&url).output().expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.matches("<svg").count() >= 5, "the browser sees the boards:\n{}", &dom[..dom.len().min(500)]);
    assert!(dom.contains("class=\"mark\""), "the browser sees the marks");
    let shot = out.join("report.png");
    let _ = std::fs::remove_file(&shot);
    let status = headless(&browser, &profile)
        .arg("--hide-scrollbars")
        .arg("--window-size=1200,1400")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .status()
        .expect("chromium runs");
    assert!(status.success());
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "a real picture, {} bytes", png.len());
}

// ---- hostile text in every format ------------------------------------------

/// A directory holding a catalog whose page and clause ids are hostile
/// names, a scenario file citing them under hostile scenario names, and
/// the hostile strings for the hostile engine to say.
struct Hostile {
    dir: tempfile::TempDir,
}

impl Hostile {
    fn new() -> Hostile {
        let dir = tempfile::tempdir().expect("temp dir");
        let names = hostile_names();
        let catalog = dir.path().join("catalog");
        std::fs::create_dir(&catalog).expect("catalog dir");
        let mut page = format!(
            "page: {}\nlanguage: en\ngame: {}\nvariants: [english]\nclauses:\n",
            rulecheck_text::yaml(&names[0]),
            rulecheck_text::yaml(&names[1])
        );
        let mut file = format!("variant: english\npage: {}\nscenarios:\n", rulecheck_text::yaml(&names[0]));
        for name in &names {
            page.push_str(&format!("  - id: {0}\n    rule: {0}\n", rulecheck_text::yaml(name)));
            file.push_str(&format!(
                "  - name: {0}\n    clauses: [{0}]\n    expect:\n      moves: [9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16]\n",
                rulecheck_text::yaml(name)
            ));
        }
        std::fs::write(catalog.join("hostile.yaml"), page).expect("catalog");
        std::fs::write(dir.path().join("hostile.yaml"), file).expect("scenarios");
        let strings = serde_json::to_string(&hostile()).expect("JSON");
        std::fs::write(dir.path().join("hostile.json"), strings).expect("strings");
        Hostile { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).to_string_lossy().into_owned()
    }

    /// The engine: `rulecheck serve` behind `rewrite.py hostile`.
    fn engine_args(&self) -> Vec<String> {
        vec![
            format!("{ROOT}/fixtures/engines/rewrite.py"),
            "hostile".to_string(),
            self.path("hostile.json"),
            env!("CARGO_BIN_EXE_rulecheck").to_string(),
            "serve".to_string(),
        ]
    }

    fn engine_line(&self) -> String {
        format!("python3 {}", self.engine_args().join(" "))
    }

    /// `rulecheck --catalog DIR run` over the hostile scenarios with the
    /// hostile engine, and more arguments.
    fn run(&self, more: &[&str]) -> process::Outcome {
        let catalog = self.path("catalog");
        let engine = self.engine_line();
        let file = self.path("hostile.yaml");
        let mut args = vec!["--catalog", &catalog, "run", "--engine", &engine, &file];
        args.extend_from_slice(more);
        let o = rulecheck(&args);
        assert!(!o.stderr.contains("panicked"), "{}", o.all());
        o
    }
}

fn assert_terminal_safe(what: &str, text: &str) {
    if let Some(c) = terminal_unsafe(text) {
        let at = text.find(c).unwrap_or(0);
        let from = text[..at].char_indices().rev().nth(40).map_or(0, |(i, _)| i);
        panic!("{what} sends {c:?} to the terminal, after: {:?}", &text[from..at]);
    }
}

#[test]
fn hostile_text_reaches_the_terminal_only_as_text() {
    let h = Hostile::new();
    let o = h.run(&[]);
    assert_eq!(o.code, Some(3), "the engine's errors: {}", &o.all()[..o.all().len().min(3000)]);
    assert!(o.stdout.contains("engine stderr:"), "the engine's stderr is echoed");
    assert_terminal_safe("the human report", &o.stdout);
    assert_terminal_safe("standard error", &o.stderr);
    // What was hidden is shown: the escape sequence as text.
    assert!(o.stdout.contains("\\u{1b}[31m"), "{}", &o.stdout[..o.stdout.len().min(3000)]);
    let smoke = rulecheck(&["smoke", "--engine", &h.engine_line()]);
    assert_terminal_safe("smoke", &smoke.stdout);
    assert_terminal_safe("smoke's standard error", &smoke.stderr);
    assert!(smoke.stdout.contains("hello: <script>"), "{}", smoke.all());
}

#[test]
fn hostile_text_leaves_the_junit_report_well_formed() {
    let h = Hostile::new();
    let o = h.run(&["--format", "junit"]);
    assert_eq!(o.code, Some(3), "{}", &o.stderr);
    let doc = roxmltree::Document::parse(&o.stdout).unwrap_or_else(|e| panic!("not XML 1.0: {e}"));
    let allowed =
        ["testsuites", "testsuite", "testcase", "properties", "property", "failure", "error", "skipped", "system-err"];
    for node in doc.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name();
        assert!(allowed.contains(&name), "an element <{name}> was injected");
    }
    // Each scenario's name comes back whole, as an attribute value (but for
    // the characters written visibly: those XML 1.0 forbids, and those that
    // reorder what is read).
    let cases: Vec<&str> =
        doc.descendants().filter(|n| n.has_tag_name("testcase")).filter_map(|n| n.attribute("name")).collect();
    for name in hostile_names().iter().filter(|n| terminal_unsafe(n).is_none() && !n.contains(['\u{ffff}', '\u{fffe}']))
    {
        assert!(cases.contains(&name.as_str()), "no test case named {name:?}");
    }
    let failures = doc.descendants().filter(|n| n.has_tag_name("failure")).count();
    let errors = doc.descendants().filter(|n| n.has_tag_name("error")).count();
    assert!(failures > 0 && errors > 0, "failures and engine errors both: {failures}, {errors}");
    // An engine that cannot start gets a well-formed report too.
    let o = rulecheck(&[
        "run",
        "--engine",
        &format!("/nonexistent/{}", "\u{ffff}<x>"),
        "fixtures/good/minimal.yaml",
        "--format",
        "junit",
    ]);
    assert_eq!(o.code, Some(3), "{}", o.all());
    roxmltree::Document::parse(&o.stdout).unwrap_or_else(|e| panic!("not XML 1.0: {e}\n{}", o.stdout));
}

#[test]
fn hostile_text_leaves_the_json_report_readable() {
    let h = Hostile::new();
    let o = h.run(&["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("JSON");
    let names: Vec<&str> =
        v["scenarios"].as_array().expect("scenarios").iter().filter_map(|s| s["scenario"].as_str()).collect();
    for name in hostile_names() {
        assert!(names.contains(&name.as_str()), "no scenario named {name:?}");
    }
}

/// The Markdown matrix, with a hostile engine name and handshake, rendered
/// as GitHub renders it: no raw HTML comes out, no table row has more or
/// fewer cells than its header, and nothing injected is in the HTML.
#[test]
fn hostile_text_leaves_the_markdown_matrix_inert() {
    let h = Hostile::new();
    let mut engines = String::from("engines:\n  - builtin: reference\n");
    for (i, name) in hostile().iter().enumerate() {
        let args: Vec<String> = h.engine_args().iter().map(|a| rulecheck_text::yaml(a)).collect();
        engines.push_str(&format!(
            "  - name: {}\n    command: python3\n    args: [{}]\n",
            rulecheck_text::yaml(&format!("{i} {name}")),
            args.join(", ")
        ));
    }
    std::fs::write(h.dir.path().join("engines.yaml"), engines).expect("engines file");
    let md = h.path("matrix.md");
    let html = h.path("matrix.html");
    let json = h.path("matrix.json");
    let o = rulecheck(&[
        "--catalog",
        &h.path("catalog"),
        "matrix",
        &h.path("engines.yaml"),
        &h.path("hostile.yaml"),
        "--markdown",
        &md,
        "--html",
        &html,
        "--json",
        &json,
        "-j",
        "2",
    ]);
    assert!(!o.stderr.contains("panicked"), "{}", o.all());
    assert_terminal_safe("the matrix's standard error", &o.stderr);
    let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
    assert_eq!(m["engines"].as_array().map(Vec::len), Some(hostile().len() + 1), "{m}");
    let text = std::fs::read_to_string(&md).expect("markdown");
    let rows = markdown_inert("the matrix", &text);
    assert!(rows > hostile_names().len(), "every clause has its row: {rows} rows");
    inert_in_a_browser(Path::new(&html), "rulecheck conformance matrix");
}

/// Markdown rendered as GitHub renders it: no raw HTML comes out, no link
/// or image, no table row has more or fewer cells than its header, and
/// nothing injected is in the HTML, but the hostile names are there as
/// text. Returns the count of table rows.
fn markdown_inert(what: &str, text: &str) -> usize {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    let mut columns = 0;
    let mut cells = 0;
    let mut rows = 0;
    for event in Parser::new_ext(text, options) {
        match event {
            Event::Html(raw) | Event::InlineHtml(raw) => panic!("raw HTML in {what}: {raw:?}"),
            Event::Start(Tag::Link { dest_url, .. }) | Event::Start(Tag::Image { dest_url, .. }) => {
                panic!("a link or image in {what}: {dest_url:?}")
            }
            Event::Start(Tag::Table(align)) => columns = align.len(),
            Event::Start(Tag::TableRow) | Event::Start(Tag::TableHead) => cells = 0,
            Event::Start(Tag::TableCell) => cells += 1,
            Event::End(TagEnd::TableRow) | Event::End(TagEnd::TableHead) => {
                rows += 1;
                assert_eq!(cells, columns, "{what}: a row with {cells} cells in a table of {columns} columns");
            }
            _ => {}
        }
    }
    let mut rendered = String::new();
    pulldown_cmark::html::push_html(&mut rendered, Parser::new_ext(text, options));
    for tag in ["<script", "<img", "<svg", "<injected", "<h1>injected", "<!--"] {
        assert!(!rendered.contains(tag), "{tag} in the rendered {what}");
    }
    assert!(rendered.contains("&lt;script&gt;"), "{what}: the names are shown, as text");
    rows
}

/// The run's Markdown summary (`--summary`, for a CI job's page), with
/// hostile scenario names, clause ids and rules, engine errors and the
/// engine's hostile stderr: inert as the matrix is. So is the summary of
/// an engine that cannot start.
#[test]
fn hostile_text_leaves_the_markdown_summary_inert() {
    let h = Hostile::new();
    let md = h.path("summary.md");
    let o = h.run(&["--summary", &md]);
    assert_eq!(o.code, Some(3), "{}", &o.stderr);
    let text = std::fs::read_to_string(&md).expect("the summary");
    assert!(text.contains("### Failures by clause"), "{text}");
    markdown_inert("the summary", &text);
    let o = rulecheck(&[
        "run",
        "--engine",
        &format!("/nonexistent/{}", "<script>\u{ffff}"),
        "fixtures/good/minimal.yaml",
        "--summary",
        &md,
    ]);
    assert_eq!(o.code, Some(3), "{}", o.all());
    let text = std::fs::read_to_string(&md).expect("the summary");
    assert!(text.contains("engine error"), "{text}");
    markdown_inert("the summary of an engine that did not start", &text);
}

#[test]
fn hostile_text_leaves_the_html_report_inert() {
    let h = Hostile::new();
    let report = h.path("report.html");
    let o = h.run(&["--report", &report]);
    assert_eq!(o.code, Some(3), "{}", &o.stderr);
    let page = std::fs::read_to_string(&report).expect("report");
    let title = page.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).expect("a title");
    assert!(title.starts_with("rulecheck: "), "{title}");
    inert_in_a_browser(Path::new(&report), "rulecheck: ");
}

/// The page holds no element the hostile text could have made (no
/// `<script>`, `<img>`, `<svg onload>`, `<injected>`, `<h1>`), and its
/// title is its own. Checked on the file, then on the DOM a headless Chromium
/// builds from it, when there is one.
fn inert_in_a_browser(page: &Path, title: &str) {
    let text = std::fs::read_to_string(page).expect("page");
    let lower = text.to_lowercase();
    for tag in ["<script", "<img", "<svg onload", "<injected", "<h1>injected"] {
        assert!(!lower.contains(tag), "{tag} in {}", page.display());
    }
    let Some(browser) = chromium_for("the page") else { return };
    let profile = tempfile::tempdir().expect("profile dir");
    let dom = headless(&browser, profile.path())
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout).to_lowercase();
    assert!(dom.contains("<body"), "the browser gave a DOM:\n{}", &dom[..dom.len().min(500)]);
    // Text serialises with `<` as `&lt;`: a `<tag` here is an element.
    for tag in ["<script", "<img", "<svg onload", "<injected", "<h1>injected"] {
        assert!(!dom.contains(tag), "the browser built {tag} from {}", page.display());
    }
    let dom_title = dom.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or("");
    assert!(dom_title.starts_with(&title.to_lowercase()), "the page's title is {dom_title:?}");
}
