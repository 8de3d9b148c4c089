//! The speed tables of the book are the benchmark's records rendered, not
//! text typed by hand: each table of docs/speed/rows.yaml is rendered from
//! the records in docs/speed/records/ (written by `cargo bench --bench
//! versus -- --record FILE`) into docs/speed/TABLE.md, which the Speed page
//! includes. A fragment edited by hand, or a record added or changed without
//! rendering again, fails here; `RULECHECK_BLESS_DOCS=1` renders them.

use std::path::Path;

use rulecheck_bench::{record, render, rows::Rows};

use crate::support::process::ROOT;

#[test]
fn the_speed_tables_are_rendered_from_the_benchmark_records() {
    let speed = Path::new(ROOT).join("docs/speed");
    let rows = Rows::load(&speed.join("rows.yaml")).unwrap_or_else(|e| panic!("{e}"));
    let records = record::load_all(&speed.join("records")).unwrap_or_else(|e| panic!("{e}"));
    // A record is history: a row since taken out of rows.yaml (a depth
    // changed, say) stays in it and is rendered nowhere; a row still there
    // must be in the table it was measured in.
    for (path, record) in &records {
        for row in &record.rows {
            if let Some(table) = rows.table_of(&row.id) {
                assert_eq!(
                    table.id,
                    row.table,
                    "{}: row {} was measured in table {}, which rows.yaml no longer puts it in",
                    path.display(),
                    row.id,
                    row.table
                );
            }
        }
    }
    let fragments = render::fragments(&rows, &records);
    let bless = std::env::var_os("RULECHECK_BLESS_DOCS").is_some();
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/src/speed.md")).expect("docs/src/speed.md");
    let mut problems = Vec::new();
    for (id, text) in &fragments {
        let file = speed.join(format!("{id}.md"));
        if bless {
            std::fs::write(&file, text).expect("a fragment is written");
        } else if std::fs::read_to_string(&file).ok().as_ref() != Some(text) {
            problems.push(format!("docs/speed/{id}.md is not what the records render"));
        }
        if !page.contains(&format!("{{{{#include ../speed/{id}.md}}}}")) {
            problems.push(format!("docs/src/speed.md does not include ../speed/{id}.md"));
        }
    }
    for entry in std::fs::read_dir(&speed).expect("docs/speed reads") {
        let name = entry.expect("docs/speed reads").file_name().to_string_lossy().into_owned();
        if let Some(id) = name.strip_suffix(".md") {
            if !fragments.iter().any(|(t, _)| t == id) {
                problems.push(format!("docs/speed/{name} is the table of no row in rows.yaml"));
            }
        }
    }
    let readme_path = Path::new(ROOT).join("README.md");
    let readme = std::fs::read_to_string(&readme_path).expect("README.md");
    let table = render::readme(&rows, &records);
    match (readme.find(render::README_BEGIN), readme.find(render::README_END)) {
        (Some(begin), Some(end)) if begin < end => {
            let inside = &readme[begin + render::README_BEGIN.len()..end];
            let wanted = format!("\n{table}");
            if bless {
                let text = format!("{}{wanted}{}", &readme[..begin + render::README_BEGIN.len()], &readme[end..]);
                std::fs::write(&readme_path, text).expect("README.md is written");
            } else if inside != wanted {
                problems.push("README.md's speed table is not what the records render".to_string());
            }
        }
        _ => problems.push(format!(
            "README.md has no speed table between {} and {}",
            render::README_BEGIN,
            render::README_END
        )),
    }
    assert!(
        problems.is_empty(),
        "{}\n(`RULECHECK_BLESS_DOCS=1 cargo test --release --test cli book::speed` renders them: read the diff)",
        problems.join("\n")
    );
}
