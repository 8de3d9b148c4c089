//! A trace as one self-contained HTML file (no script, nothing fetched):
//! one page in its own script and direction, each sentence a `<details>`
//! that opens onto its clauses, their rule, the scenarios and the engines'
//! verdicts; or several pages of one game side by side, a row per clause,
//! a column per page.

use std::fmt::Write as _;

use super::{ClauseTrace, PageTrace, SentenceTrace, Status, Trace};

/// Text of the catalog, the spec or a matrix: markup and hidden characters
/// escaped.
fn esc(text: &str) -> String {
    rulecheck_text::html(text)
}

/// A page's own text: markup escaped, and the joiners that spell words in
/// Devanagari, Bengali and Arabic script (ZWNJ, ZWJ) kept as they are,
/// where other hidden characters are shown.
fn page_text(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(['\u{200C}', '\u{200D}']) {
        out.push_str(&esc(&rest[..i]));
        let joiner = rest[i..].chars().next().unwrap_or('\u{200C}');
        out.push(joiner);
        rest = &rest[i + joiner.len_utf8()..];
    }
    out.push_str(&esc(rest));
    out
}

const STYLE: &str = "body{font-family:system-ui,'Noto Sans','Noto Sans Devanagari','Noto Sans Bengali',\
'Noto Naskh Arabic',sans-serif;margin:2em;color:#222;line-height:1.5}h1{font-size:1.5em}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;vertical-align:top;text-align:start}\
table.aligned{table-layout:fixed;width:100%}table.aligned th.clause{width:22%}\
.page{max-width:60em;margin:1em 0}.line.para{margin-top:1em}\
details.s{border-inline-start:.35em solid #999;padding:.15em .6em;margin:.2em 0;background:#fafafa}\
details.s>summary{cursor:pointer;list-style:none}details.s>summary::-webkit-details-marker{display:none}\
details.s[open]{background:#fff;box-shadow:0 1px 4px #0002}\
.covered{border-color:#1a7f37!important}.thin{border-color:#bf8700!important}\
.uncovered{border-color:#cf222e!important}.out-of-scope{border-color:#aaa!important;color:#666}\
.outdated{border-color:#8250df!important}.not-anchored{border-style:dashed!important}\
details.uncovered{background:#fff5f5}details.thin{background:#fffbea}\
.tag{font:.75em system-ui,sans-serif;border-radius:1em;padding:0 .5em;margin-inline-start:.5em;white-space:nowrap;\
border:1px solid;vertical-align:middle}span.covered{color:#1a7f37}span.thin{color:#9a6700}span.uncovered{color:#cf222e}\
span.outdated{color:#8250df}span.failed{color:#fff;background:#cf222e;border-color:#cf222e}\
.more{font-size:.9em;margin:.4em 0;direction:ltr;text-align:left}.more h3{font-size:1em;margin:.6em 0 .2em}\
.n{color:#888;font:.75em system-ui,sans-serif;margin-inline-end:.4em}\
.v{font-family:monospace;padding:0 .3em;margin-right:.3em}.v.pass{color:#1a7f37}.v.fail{color:#cf222e;font-weight:bold}\
code{font-size:.9em}ul{margin:.2em 0;padding-left:1.5em}";

/// The report of a trace: one page as it reads, or several side by side.
pub fn report(t: &Trace) -> String {
    let title = t.pages.iter().map(|p| p.id.as_str()).collect::<Vec<_>>().join(", ");
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\"><title>rulecheck trace: {}</title>\
         <style>{STYLE}</style></head>\n<body>\n<h1>The rule page{} {}, sentence by sentence</h1>\n",
        esc(&title),
        if t.pages.len() > 1 { "s" } else { "" },
        esc(&title)
    );
    s.push_str(&summary(t));
    if let [page] = t.pages.as_slice() {
        s.push_str(&one_page(t, page, 0));
    } else {
        s.push_str(&side_by_side(t));
    }
    s.push_str("</body></html>\n");
    s
}

/// The counts of each page, the legend and the engines.
fn summary(t: &Trace) -> String {
    let mut s = String::from("<table class=\"counts\"><tr><th>page</th><th>file</th>");
    for st in Status::ALL {
        let _ = write!(s, "<th><span class=\"tag {}\">{}</span></th>", st.word(), st.label());
    }
    s.push_str("</tr>\n");
    for p in &t.pages {
        let _ =
            write!(s, "<tr data-page=\"{}\"><td>{}</td><td><code>{}</code></td>", esc(&p.id), esc(&p.id), esc(&p.file));
        for (st, n) in p.counts() {
            let _ = write!(s, "<td data-status=\"{}\">{n}</td>", st.word());
        }
        s.push_str("</tr>\n");
    }
    s.push_str(
        "</table>\n<p class=\"legend\">A sentence is <b>covered</b> when scenarios cite or reach every clause it \
                rests on and catch every deviation those clauses name; <b>thin</b> when some such deviation is \
                caught by no scenario; <b>uncovered</b> when a clause of it has no scenario. Open a sentence for its \
                clauses",
    );
    if t.engines.is_empty() {
        s.push_str(" and their scenarios");
    } else {
        let names: Vec<String> = t
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| match t.plays.get(i).filter(|p| !p.is_empty()) {
                Some(p) => format!("<code>{}</code>, which plays <code>{}</code>", esc(e), esc(&p.join(" or "))),
                None => format!("<code>{}</code>", esc(e)),
            })
            .collect();
        let _ = write!(
            s,
            ", their scenarios and the verdicts of the matrix's engines ({}); a sentence is marked with each engine that \
             breaks one of its clauses: that plays a deviation the clause names, found as the one whose runs fail exactly \
             what the engine fails, or else that fails a scenario citing it",
            names.join("; ")
        );
    }
    s.push_str(".</p>\n");
    for p in &t.pages {
        for (n, holder) in &p.gone {
            let _ = writeln!(
                s,
                "<p class=\"gone\">{}: {} anchors sentence {n}, past the page's end.</p>",
                esc(&p.id),
                esc(holder)
            );
        }
    }
    s
}

/// One page in reading order, in its language and direction.
fn one_page(t: &Trace, p: &PageTrace, index: usize) -> String {
    let mut s = format!(
        "<article class=\"page\" lang=\"{}\" dir=\"{}\" data-page=\"{}\">\n",
        esc(&p.lang),
        if p.rtl { "rtl" } else { "ltr" },
        esc(&p.id)
    );
    let mut last_line = 0;
    let mut open = false;
    for sentence in &p.sentences {
        if sentence.line != last_line {
            if open {
                s.push_str("</div>\n");
            }
            let para = if last_line > 0 && sentence.line > last_line + 1 { " para" } else { "" };
            let _ = write!(s, "<div class=\"line{para}\">");
            open = true;
            last_line = sentence.line;
        }
        s.push_str(&sentence_html(t, p, index, sentence));
    }
    if open {
        s.push_str("</div>\n");
    }
    s.push_str("</article>\n");
    s
}

/// Pages side by side: a row per clause, then per out-of-scope entry,
/// then the sentences nothing anchors; a column per page.
fn side_by_side(t: &Trace) -> String {
    let mut s = String::from("<table class=\"aligned\"><thead><tr><th class=\"clause\">clause</th>");
    for p in &t.pages {
        let _ = write!(s, "<th>{} <code>{}</code></th>", esc(&p.id), esc(&p.file));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    let row = |s: &mut String, head: String, pick: &dyn Fn(&SentenceTrace) -> bool| {
        let _ = write!(s, "<tr><th class=\"clause\">{head}</th>");
        for (i, p) in t.pages.iter().enumerate() {
            let _ = write!(s, "<td lang=\"{}\" dir=\"{}\">", esc(&p.lang), if p.rtl { "rtl" } else { "ltr" });
            for sentence in p.sentences.iter().filter(|x| pick(x)) {
                s.push_str(&sentence_html(t, p, i, sentence));
            }
            s.push_str("</td>");
        }
        s.push_str("</tr>\n");
    };
    for (c, clause) in t.clauses.iter().enumerate() {
        let head = format!(
            "<code>{}</code><span class=\"tag {}\">{}</span><br><small>{}</small>",
            esc(&clause.id),
            clause.status.word(),
            clause.status.label(),
            esc(&clause.rule)
        );
        row(&mut s, head, &|x: &SentenceTrace| x.clauses.contains(&c));
    }
    for (e, entry) in t.entries.iter().enumerate() {
        let head = format!(
            "<code>{}</code><span class=\"tag out-of-scope\">out of scope</span><br><small>{}</small>",
            esc(&entry.id),
            esc(&entry.why)
        );
        row(&mut s, head, &|x: &SentenceTrace| x.clauses.is_empty() && x.entries.contains(&e));
    }
    if t.pages.iter().any(|p| p.sentences.iter().any(|x| x.status == Status::NotAnchored)) {
        row(&mut s, "<i>anchored by nothing</i>".into(), &|x: &SentenceTrace| x.status == Status::NotAnchored);
    }
    s.push_str("</tbody></table>\n");
    s
}

/// The direction of a text, by its first letter: right to left for the
/// Hebrew and Arabic scripts (Urdu is written in the latter), else left to
/// right; so that a page mixing scripts shows each sentence as it reads.
fn direction(text: &str) -> &'static str {
    let rtl = |c: char| matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF);
    match text.chars().find(|c| c.is_alphabetic()) {
        Some(c) if rtl(c) => "rtl",
        _ => "ltr",
    }
}

/// One sentence: its text with its status, opening onto what it rests on.
fn sentence_html(t: &Trace, p: &PageTrace, page: usize, x: &SentenceTrace) -> String {
    let ids: Vec<&str> = x
        .clauses
        .iter()
        .map(|&c| t.clauses[c].id.as_str())
        .chain(x.entries.iter().map(|&e| t.entries[e].id.as_str()))
        .collect();
    let mut title = format!("sentence {}: {}", x.n, x.status.label());
    if !ids.is_empty() {
        let _ = write!(title, " ({})", ids.join(", "));
    }
    let mut s = format!(
        "<details class=\"s {}\" id=\"p{page}-s{}\" data-n=\"{}\" data-status=\"{}\" data-failed=\"{}\" dir=\"{}\" \
         title=\"{}\"><summary><span class=\"n\">{}</span><bdi class=\"text\">{}</bdi>",
        x.status.word(),
        x.n,
        x.n,
        x.status.word(),
        esc(&x.failed_by.join(" ")),
        direction(&x.text),
        esc(&title),
        x.n,
        page_text(&x.text),
    );
    let _ = write!(s, "<span class=\"tag {}\" lang=\"en\">{}</span>", x.status.word(), x.status.label());
    for e in &x.failed_by {
        let _ = write!(s, "<span class=\"tag failed\" lang=\"en\" dir=\"ltr\">&#x2717; <bdi>{}</bdi></span>", esc(e));
    }
    s.push_str("</summary>");
    let _ = write!(
        s,
        "<div class=\"more\" lang=\"en\" dir=\"ltr\"><div>{}, sentence {}, line {}: <code>{}@{}</code></div>",
        esc(&p.id),
        x.n,
        x.line,
        x.n,
        esc(&x.hash)
    );
    for st in &x.stale {
        let moved = st.moved_to.map(|m| format!("; that text is sentence {m} now")).unwrap_or_default();
        let _ = write!(
            s,
            "<div class=\"stale\"><b>outdated</b>: {} anchors this sentence as <code>{}@{}</code>, and its text \
             has changed since{}: review it.</div>",
            esc(&st.holder),
            x.n,
            esc(&st.hash),
            esc(&moved)
        );
    }
    for &c in &x.clauses {
        s.push_str(&clause_html(t, &t.clauses[c]));
    }
    for &e in &x.entries {
        let entry = &t.entries[e];
        let _ = write!(
            s,
            "<h3><code>{}</code> <span class=\"tag out-of-scope\">out of scope</span></h3><div>{}</div>\
             <div><i>Why:</i> {}</div>",
            esc(&entry.id),
            esc(&entry.says),
            esc(&entry.why)
        );
    }
    if x.status == Status::NotAnchored {
        s.push_str("<div>No clause or out-of-scope entry of the catalog anchors this sentence.</div>");
    }
    s.push_str("</div></details>\n");
    s
}

/// A clause: its rule, status, scenarios with the engines' verdicts, the
/// deviations no scenario catches.
fn clause_html(t: &Trace, c: &ClauseTrace) -> String {
    let mut s = format!(
        "<h3><code>{}</code> <span class=\"tag {}\">{}</span></h3><div class=\"rule\">{}</div>",
        esc(&c.id),
        c.status.word(),
        c.status.label(),
        esc(&c.rule)
    );
    let list = |s: &mut String, head: &str, refs: &[super::ScenarioRef]| {
        if refs.is_empty() {
            return;
        }
        let _ = write!(s, "<div>{head}:</div><ul>");
        for r in refs {
            let _ = write!(s, "<li><code>{}</code>: {}", esc(&r.file), esc(&r.name));
            if let Some(outcomes) = t.outcomes.get(&r.id) {
                s.push_str("<br>");
                for (engine, o) in t.engines.iter().zip(outcomes) {
                    let word = o.as_deref().unwrap_or("not run");
                    let _ = write!(s, "<span class=\"v {}\">{}: {}</span>", esc(word), esc(engine), esc(word));
                }
            }
            s.push_str("</li>");
        }
        s.push_str("</ul>");
    };
    list(&mut s, "cited by", &c.cited_by);
    list(&mut s, "reached without being cited by", &c.reached_by);
    if c.cited_by.is_empty() && c.reached_by.is_empty() {
        s.push_str("<div>No scenario cites or reaches this clause.</div>");
    }
    for (d, v) in &c.survivors {
        let _ = write!(s, "<div>The deviation <code>{}</code> ({}) is caught by no scenario.</div>", esc(d), esc(v));
    }
    if !c.failed_by.is_empty() {
        let _ = write!(s, "<div><b>Failed by</b>: {}</div>", esc(&c.failed_by.join(", ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::{ClauseTrace, EntryTrace, PageTrace, ScenarioRef, SentenceTrace, Status, Trace};
    use super::{direction, page_text, report};

    const HOSTILE: &str = "<script>alert(1)</script>\"'&";

    fn sentence(n: usize, text: &str, status: Status) -> SentenceTrace {
        SentenceTrace {
            n,
            line: n,
            text: text.into(),
            hash: "0123456789ab".into(),
            status,
            clauses: vec![0],
            entries: vec![0],
            stale: Vec::new(),
            failed_by: vec![HOSTILE.into()],
        }
    }

    fn hostile() -> Trace {
        let scenario = ScenarioRef { id: HOSTILE.into(), file: HOSTILE.into(), name: HOSTILE.into() };
        Trace {
            pages: vec![PageTrace {
                id: HOSTILE.into(),
                file: HOSTILE.into(),
                lang: HOSTILE.into(),
                rtl: true,
                sentences: vec![sentence(1, HOSTILE, Status::Covered), sentence(2, "ہر کھلاڑی", Status::Thin)],
                gone: vec![(3, HOSTILE.into())],
            }],
            clauses: vec![ClauseTrace {
                id: HOSTILE.into(),
                rule: HOSTILE.into(),
                status: Status::Covered,
                cited_by: vec![scenario],
                reached_by: Vec::new(),
                deviations: vec![HOSTILE.into()],
                survivors: vec![(HOSTILE.into(), HOSTILE.into())],
                failed_by: vec![HOSTILE.into()],
            }],
            entries: vec![EntryTrace { id: HOSTILE.into(), says: HOSTILE.into(), why: HOSTILE.into() }],
            engines: vec![HOSTILE.into()],
            plays: vec![vec![HOSTILE.into()]],
            outcomes: [(HOSTILE.to_string(), vec![Some(HOSTILE.to_string())])].into_iter().collect(),
        }
    }

    #[test]
    fn text_from_the_page_the_spec_or_a_matrix_is_never_markup() {
        let mut t = hostile();
        for html in [report(&t), {
            t.pages.push(t.pages[0].clone());
            report(&t)
        }] {
            assert!(!html.contains("<script"), "{html}");
            assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"));
            assert!(html.contains("lang=\"&lt;script&gt;"), "{html}");
        }
    }

    #[test]
    fn joiners_stay_and_each_sentence_takes_its_scripts_direction() {
        assert_eq!(page_text("क्\u{200D}ष <b>"), "क्\u{200D}ष &lt;b&gt;");
        assert_eq!(page_text("a\u{200C}b\u{202E}"), "a\u{200C}b\\u{202e}");
        assert_eq!(direction("ہر کھلاڑی"), "rtl");
        assert_eq!(direction("12 ہر"), "rtl");
        assert_eq!(direction("हर खिलाड़ी"), "ltr");
        assert_eq!(direction("Each has six stones!"), "ltr");
        let html = report(&hostile());
        assert!(html.contains("data-status=\"thin\" data-failed=\"") && html.contains("dir=\"rtl\""), "{html}");
    }
}
