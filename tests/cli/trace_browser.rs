//! `rulecheck trace --report` opened in a headless Chromium: each sentence
//! laid out in its own direction. A copy of the report gets a script that
//! measures, for every sentence, the gap between its text and each side of
//! its box, and the DOM the browser dumps holds the measures: a sentence
//! written right to left (the test page's Urdu ones, every sentence of the
//! Urdu seed page) hugs the right side, one in Latin, Devanagari or Bengali
//! script the left. Screenshots of the Urdu page and of the Hindi and
//! Bengali Chinese checkers pages side by side are saved under
//! `target/trace-screenshots/` for a person to look at.

use std::path::{Path, PathBuf};

use crate::pages::seed_pages;
use crate::support::browser::{chromium_for, headless};
use crate::support::process::{rulecheck, temp_dir, ROOT};

/// Measures each sentence: `n direction left-gap right-gap height`.
const MEASURE: &str = "<script>const out=[];for(const d of document.querySelectorAll('details.s')){\
const t=d.querySelector('.text').getBoundingClientRect(),b=d.getBoundingClientRect();\
out.push([d.dataset.n,getComputedStyle(d).direction,Math.round(t.left-b.left),Math.round(b.right-t.right),\
Math.round(t.height)].join(' '))}document.body.setAttribute('data-measured',out.join(';'));</script>";

/// One sentence as the browser laid it out.
#[derive(Debug)]
struct Laid {
    n: u64,
    rtl: bool,
    left: i64,
    right: i64,
    height: i64,
}

/// The sentences of a report as laid out in a 1200-pixel-wide window.
fn laid_out(browser: &Path, report: &Path) -> Vec<Laid> {
    let html = std::fs::read_to_string(report).expect("the report");
    let measured = report.with_extension("measured.html");
    std::fs::write(&measured, html.replace("</body>", &format!("{MEASURE}</body>"))).expect("written");
    let profile = report.with_extension("profile");
    let dom = headless(browser, &profile)
        .arg("--window-size=1200,1400")
        .arg("--dump-dom")
        .arg(format!("file://{}", measured.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&dom.stdout);
    let attr = dom.split("data-measured=\"").nth(1).and_then(|a| a.split('"').next()).expect("the measures");
    attr.split(';')
        .map(|s| {
            let f: Vec<&str> = s.split(' ').collect();
            let num = |i: usize| f[i].parse::<i64>().expect("a number");
            Laid { n: f[0].parse().expect("n"), rtl: f[1] == "rtl", left: num(2), right: num(3), height: num(4) }
        })
        .collect()
}

/// A report of `pages` written by `rulecheck trace` into `dir`.
fn report(dir: &Path, name: &str, pages: &[PathBuf], catalog: Option<&str>, spec: &str) -> PathBuf {
    let out = dir.join(name);
    let mut args: Vec<String> = Vec::new();
    if let Some(c) = catalog {
        args.extend(["--catalog".into(), c.into()]);
    }
    args.push("trace".into());
    for p in pages {
        args.extend(["--page".into(), p.to_string_lossy().into_owned()]);
    }
    args.extend(["--spec".into(), spec.into(), "--report".into(), out.to_string_lossy().into_owned()]);
    rulecheck(&args.iter().map(String::as_str).collect::<Vec<_>>()).ok();
    out
}

/// A sentence on one line sits against the side its direction starts from.
fn starts_on_its_side(l: &Laid) -> bool {
    if l.rtl {
        l.right < l.left
    } else {
        l.left < l.right
    }
}

#[test]
fn each_sentence_is_laid_out_in_its_own_direction() {
    let dir = temp_dir("trace-browser");
    let page = Path::new(ROOT).join("fixtures/pages/four-scripts.txt");
    let catalog = format!("{ROOT}/fixtures/pages/catalog");
    let test_page = report(&dir, "four-scripts.html", &[page], Some(&catalog), &format!("{ROOT}/fixtures/pages/spec"));
    let seeds = seed_pages();
    let Some(browser) = chromium_for("the trace report") else { return };
    let laid = laid_out(&browser, &test_page);
    assert_eq!(laid.len(), 20);
    // The Urdu sentences (12 to 15) right to left, the others left to right.
    for l in &laid {
        assert_eq!(l.rtl, (12..=15).contains(&l.n), "{l:?}");
        assert!(starts_on_its_side(l), "{l:?}");
    }
    let Some(seeds) = seeds else { return };
    let shots = Path::new(ROOT).join("target/trace-screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    let ur = report(&shots, "checkers-online.ur.html", &[seeds.join("checkers-online.ur.txt")], None, "spec/russian");
    let laid = laid_out(&browser, &ur);
    let one_line: Vec<&Laid> = laid.iter().filter(|l| l.height < 40 && l.rtl).collect();
    assert!(one_line.len() >= 10, "{laid:?}");
    for l in &one_line {
        assert!(starts_on_its_side(l) && l.right < 80, "{l:?}");
    }
    let pages = [seeds.join("chinese-checkers.hi.txt"), seeds.join("chinese-checkers.bn.txt")];
    let cc = report(&shots, "chinese-checkers.hi-bn.html", &pages, None, "spec/chinese-checkers");
    for l in laid_out(&browser, &cc) {
        assert!(!l.rtl, "{l:?}");
    }
    for (html, png, size) in
        [(&ur, "checkers-online.ur.png", "1200,1400"), (&cc, "chinese-checkers.hi-bn.png", "1400,1600")]
    {
        let shot = shots.join(png);
        let _ = std::fs::remove_file(&shot);
        let status = headless(&browser, &dir.join("profile"))
            .arg("--hide-scrollbars")
            .arg(format!("--window-size={size}"))
            .arg(format!("--screenshot={}", shot.display()))
            .arg(format!("file://{}", html.display()))
            .status()
            .expect("chromium runs");
        assert!(status.success());
        let png = std::fs::read(&shot).expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "a real picture, {} bytes", png.len());
    }
}
