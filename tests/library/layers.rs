//! The map of the house in ARCHITECTURE.md is kept true: its layer table
//! names every crate of the workspace, lowest first, and each crate's rooms
//! (its top-level modules) by floor. A crate depends only on crates below
//! it; a room imports only rooms on floors below its own; and inside every
//! folder module the files import each other without a circle, so that each
//! can be read, tested and changed knowing only what lies below it.
//!
//! Imports are read from the source text: `use` items (brace groups
//! expanded) and paths written inline from `crate::` or `super::`, outside
//! comments and test modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// The module a source file defines, as its path from the crate root.
fn module_of(root: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(root).unwrap_or(file).with_extension("");
    let mut segs: Module = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if matches!(segs.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        segs.pop();
    }
    segs
}

/// A `use` tree, `a::{b, c::{d, e}}`, as the paths it names.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path.chars().filter(|c| !c.is_whitespace()).collect()];
    };
    let prefix: String = tree[..open].chars().filter(|c| !c.is_whitespace()).collect();
    let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let (mut parts, mut cur, mut depth) = (Vec::new(), String::new(), 0);
    for ch in inner.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    parts.push(cur);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p.trim()))
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// Where a file's test module starts (`#[cfg(test)]` over a `mod`, of
/// any visibility): what follows is not the room's own code.
fn test_module(src: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(i) = src[at..].find("#[cfg(test)]\n") {
        let start = at + i;
        at = start + "#[cfg(test)]\n".len();
        let line = src[at..].lines().next().unwrap_or("");
        let item = match line.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => rest.split_once(')').map_or("", |(_, item)| item).trim_start(),
            Some(rest) => rest.trim_start(),
            None => line,
        };
        if item.starts_with("mod ") {
            return Some(start);
        }
    }
    None
}

/// The paths a file's code names: its `use` items and its inline
/// `crate::` and `super::` paths.
fn paths_in(src: &str) -> Vec<String> {
    let code = &src[..test_module(src).unwrap_or(src.len())];
    let code: String = code.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{l}\n")).collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = code[at..].find("use") {
        let start = at + i;
        at = start + 3;
        let before = code[..start].chars().next_back();
        let after = code[at..].chars().next();
        if before.is_some_and(word) || !after.is_some_and(char::is_whitespace) {
            continue;
        }
        if let Some(end) = code[at..].find(';') {
            let tree = code[at..at + end].split_whitespace().collect::<Vec<_>>().join(" ");
            // Only paths within the crate matter (and the word in a string
            // is no import).
            if ["crate::", "super::", "self::"].iter().any(|r| tree.starts_with(r)) {
                out.extend(expand(&tree));
            }
        }
    }
    for root in ["crate::", "super::"] {
        let mut at = 0;
        while let Some(i) = code[at..].find(root) {
            let start = at + i;
            at = start + root.len();
            if code[..start].chars().next_back().is_some_and(|c| word(c) || c == ':') {
                continue;
            }
            let len = code[start..].find(|c: char| !(word(c) || c == ':')).unwrap_or(code.len() - start);
            out.push(code[start..start + len].trim_end_matches(':').to_string());
        }
    }
    out
}

/// The module a path names, from the module `from` it is written in.
fn resolve(from: &Module, path: &str) -> Option<Module> {
    let mut segs = path.split("::").filter(|s| !s.is_empty()).peekable();
    let mut base = match segs.peek().copied() {
        Some("crate") => {
            segs.next();
            Vec::new()
        }
        Some("super" | "self") => from.clone(),
        _ => return None,
    };
    while let Some(s) = segs.peek().copied() {
        match s {
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        segs.next();
    }
    base.extend(segs.map(str::to_string));
    Some(base)
}

/// Every module a crate's files define, and the modules each one's code
/// names (each path cut to the longest prefix that is a module).
struct Imports {
    uses: BTreeMap<Module, BTreeSet<Module>>,
}

impl Imports {
    fn read(root: &Path) -> Imports {
        let mut raw: BTreeMap<Module, Vec<Module>> = BTreeMap::new();
        for entry in walkdir::WalkDir::new(root).into_iter().filter_map(Result::ok) {
            let path = entry.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let rel = path.strip_prefix(root).unwrap_or(path);
            if !name.ends_with(".rs") || name == "tests.rs" || rel.components().any(|c| c.as_os_str() == "tests") {
                continue;
            }
            let src = std::fs::read_to_string(path).unwrap_or_default();
            let from = module_of(root, path);
            let targets = paths_in(&src).iter().filter_map(|p| resolve(&from, p)).collect();
            raw.insert(from, targets);
        }
        let modules: BTreeSet<Module> = raw.keys().cloned().collect();
        let module_at = |full: &Module| -> Module {
            (0..=full.len())
                .rev()
                .map(|k| full[..k].to_vec())
                .find(|m| m.is_empty() || modules.contains(m))
                .unwrap_or_default()
        };
        let uses = raw.into_iter().map(|(from, targets)| (from, targets.iter().map(module_at).collect())).collect();
        Imports { uses }
    }

    /// The crate's rooms (its top-level modules), each with the rooms it
    /// imports.
    fn rooms(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut rooms: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, targets) in &self.uses {
            let Some(room) = from.first() else { continue };
            let edges = rooms.entry(room.clone()).or_default();
            edges.extend(targets.iter().filter_map(|t| t.first()).filter(|t| *t != room).cloned());
        }
        rooms
    }
}

/// The circles among each folder module's files, by folder.
fn circles(root: &Path) -> BTreeMap<String, Vec<Vec<Module>>> {
    let uses = Imports::read(root).uses;
    let modules: BTreeSet<Module> = uses.keys().cloned().collect();
    let folders: BTreeSet<Module> = modules.iter().filter(|m| m.len() > 1).map(|m| m[..m.len() - 1].to_vec()).collect();
    let mut found = BTreeMap::new();
    for folder in folders {
        let n = folder.len();
        let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (from, targets) in &uses {
            if from.len() <= n || from[..n] != folder[..] {
                continue;
            }
            let child = from[..=n].to_vec();
            for t in targets {
                if t.len() > n && t[..n] == folder[..] && t[..=n] != child[..] {
                    edges.entry(child.clone()).or_default().insert(t[..=n].to_vec());
                }
            }
        }
        let cycles = strongly_connected(&edges).into_iter().filter(|c| c.len() > 1).collect::<Vec<_>>();
        if !cycles.is_empty() {
            found.insert(folder.join("::"), cycles);
        }
    }
    found
}

/// The strongly connected parts of a graph (Kosaraju's two walks).
fn strongly_connected(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    let nodes: BTreeSet<Module> =
        edges.iter().flat_map(|(a, bs)| std::iter::once(a.clone()).chain(bs.iter().cloned())).collect();
    let mut reverse: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (a, bs) in edges {
        for b in bs {
            reverse.entry(b.clone()).or_default().insert(a.clone());
        }
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for start in &nodes {
        if seen.contains(start) {
            continue;
        }
        // An iterative depth-first walk, each node put in order once all
        // it reaches is.
        let mut stack = vec![(start.clone(), false)];
        while let Some((node, done)) = stack.pop() {
            if done {
                order.push(node);
                continue;
            }
            if !seen.insert(node.clone()) {
                continue;
            }
            stack.push((node.clone(), true));
            for next in edges.get(&node).into_iter().flatten() {
                if !seen.contains(next) {
                    stack.push((next.clone(), false));
                }
            }
        }
    }
    let mut placed = BTreeSet::new();
    let mut parts = Vec::new();
    for start in order.iter().rev() {
        if placed.contains(start) {
            continue;
        }
        let mut part = Vec::new();
        let mut stack = vec![start.clone()];
        placed.insert(start.clone());
        while let Some(node) = stack.pop() {
            for next in reverse.get(&node).into_iter().flatten() {
                if placed.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
            part.push(node);
        }
        part.sort();
        parts.push(part);
    }
    parts
}

#[test]
fn the_files_of_every_folder_module_import_each_other_without_a_circle() {
    let mut found = BTreeMap::new();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = std::fs::read_dir(workspace.join("crates")).expect("crates/").filter_map(Result::ok);
    for root in crates.map(|c| c.path().join("src")).chain([workspace.join("src")]) {
        let name = root.parent().and_then(|c| c.file_name()).map(|n| n.to_string_lossy().into_owned());
        for (folder, cycles) in circles(&root) {
            found.insert(format!("{}: {folder}", name.as_deref().unwrap_or_default()), cycles);
        }
    }
    let shown: Vec<String> = found
        .iter()
        .flat_map(|(folder, cycles)| {
            cycles.iter().map(move |c| {
                let names: Vec<&str> = c.iter().filter_map(|m| m.last().map(String::as_str)).collect();
                format!("{folder}: {}", names.join(", "))
            })
        })
        .collect();
    assert!(shown.is_empty(), "files that import each other in a circle:\n{}", shown.join("\n"));
}

#[test]
fn a_circle_between_two_files_of_a_folder_is_found() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let room = dir.path().join("room");
    std::fs::create_dir_all(&room).expect("a folder");
    let write = |name: &str, text: &str| std::fs::write(room.join(name), text).expect("a file");
    write("mod.rs", "mod a;\nmod b;\nmod c;\n");
    write("a.rs", "use super::{b::B, c};\n");
    // Inline paths count; comments and test modules (of any visibility) do
    // not.
    write(
        "b.rs",
        "// use super::c::C;\nfn f() { super::a::g() }\n#[cfg(test)]\nmod tests {\n    use super::super::c::C;\n}\n",
    );
    write(
        "c.rs",
        "/// [`super::a`]\npub struct C;\n#[cfg(test)]\npub(super) mod tests {\n    fn t() { super::a::g() }\n}\n",
    );
    let found = circles(dir.path());
    let room_circles = found.get("room").cloned().unwrap_or_default();
    let names: Vec<Vec<String>> =
        room_circles.iter().map(|c| c.iter().filter_map(|m| m.last().cloned()).collect()).collect();
    assert_eq!(names, vec![vec!["a".to_string(), "b".to_string()]]);
}

/// One line of the layer table: a crate, its folder, and its rooms by
/// floor, lowest first.
struct Layer {
    krate: String,
    floors: Vec<Vec<String>>,
}

/// The layer table of ARCHITECTURE.md: the rows of the table under the
/// `<!-- layers -->` mark, `| crate | rooms |`, the rooms' floors parted by
/// `<` and the rooms of one floor by commas.
fn layer_table(text: &str) -> Vec<Layer> {
    let Some((_, table)) = text.split_once("<!-- layers -->") else { return Vec::new() };
    table
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.trim_start().starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split('|').map(str::trim).collect();
            let [krate, rooms] = cells[..] else { return None };
            let krate = krate.trim_matches('`');
            if krate == "crate" || krate.starts_with('-') {
                return None;
            }
            let floors = rooms
                .split('<')
                .map(|f| {
                    f.split(',').map(|r| r.trim().trim_matches('`').to_string()).filter(|r| !r.is_empty()).collect()
                })
                .collect();
            Some(Layer { krate: krate.to_string(), floors })
        })
        .collect()
}

/// Each workspace crate by name: its folder and the crates of the
/// workspace it depends on (normal dependencies only: a dev-dependency may
/// reach up, as the contract's example does to a draughts variant).
fn workspace_crates(workspace: &Path) -> BTreeMap<String, (std::path::PathBuf, BTreeSet<String>)> {
    let mut dirs: Vec<std::path::PathBuf> = vec![workspace.to_path_buf()];
    let members = std::fs::read_dir(workspace.join("crates")).expect("crates/").filter_map(Result::ok);
    dirs.extend(members.map(|e| e.path()).filter(|p| p.join("Cargo.toml").is_file()));
    let mut out = BTreeMap::new();
    for dir in dirs {
        let toml = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
        let mut name = None;
        let mut deps = BTreeSet::new();
        let mut section = String::new();
        for line in toml.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.to_string();
                continue;
            }
            if section == "[package]" {
                if let Some(v) = line.strip_prefix("name = ") {
                    name = Some(v.trim_matches('"').to_string());
                }
            }
            if section.ends_with("dependencies]") && !section.contains("dev-dependencies") {
                let dep = line.split(['.', ' ', '=']).next().unwrap_or("");
                if dep.starts_with("rulecheck") {
                    deps.insert(dep.to_string());
                }
            }
        }
        out.insert(name.expect("a package name"), (dir, deps));
    }
    out
}

/// What in a crate's rooms the table does not say: a room it does not name
/// or names but the crate lacks, and an import of a room not on a floor
/// below.
fn misplaced(layer: &Layer, rooms: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut wrong = Vec::new();
    let floor_of: BTreeMap<&str, usize> =
        layer.floors.iter().enumerate().flat_map(|(f, rooms)| rooms.iter().map(move |r| (r.as_str(), f))).collect();
    let named: BTreeSet<&str> = floor_of.keys().copied().collect();
    let have: BTreeSet<&str> = rooms.keys().map(String::as_str).collect();
    if named != have {
        wrong.push(format!("{}: the table names the rooms {named:?}; the crate has {have:?}", layer.krate));
    }
    for (room, imports) in rooms {
        for import in imports {
            if let (Some(a), Some(b)) = (floor_of.get(room.as_str()), floor_of.get(import.as_str())) {
                if b >= a {
                    wrong.push(format!("{}: {room} imports {import}, which is not on a floor below it", layer.krate));
                }
            }
        }
    }
    wrong
}

#[test]
fn the_layer_table_of_architecture_md_is_the_house_as_built() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(workspace.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let table = layer_table(&doc);
    let crates = workspace_crates(workspace);
    let mut wrong = Vec::new();
    let listed: Vec<&str> = table.iter().map(|l| l.krate.as_str()).collect();
    let built: Vec<&str> = crates.keys().map(String::as_str).collect();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    if sorted != built {
        wrong.push(format!("the table lists the crates {listed:?}; the workspace has {built:?}"));
    }
    for (i, layer) in table.iter().enumerate() {
        let Some((dir, deps)) = crates.get(&layer.krate) else { continue };
        for dep in deps {
            if !listed[..i].contains(&dep.as_str()) {
                wrong.push(format!("{} depends on {dep}, which the table does not put below it", layer.krate));
            }
        }
        wrong.extend(misplaced(layer, &Imports::read(&dir.join("src")).rooms()));
    }
    assert!(wrong.is_empty(), "ARCHITECTURE.md's layer table is not the house as built:\n{}", wrong.join("\n"));
}

#[test]
fn an_import_up_a_floor_is_found() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("a file");
    write("lib.rs", "mod low;\nmod high;\n");
    // Inline paths count as `use` items do.
    write("high.rs", "pub struct H;\n");
    write("low.rs", "fn f() -> crate::high::H { crate::high::H }\n");
    let rooms = Imports::read(dir.path()).rooms();
    let table = layer_table("<!-- layers -->\n\n| crate | rooms |\n|---|---|\n| `x` | low < high |\n");
    assert_eq!(table.len(), 1);
    assert_eq!(misplaced(&table[0], &rooms), ["x: low imports high, which is not on a floor below it"]);
    // On one floor, neither may import the other; the other way up is kept.
    let flat = layer_table("<!-- layers -->\n| `x` | low, high |\n");
    assert_eq!(misplaced(&flat[0], &rooms).len(), 1);
    let right = layer_table("<!-- layers -->\n| `x` | high < low |\n");
    assert_eq!(misplaced(&right[0], &rooms), Vec::<String>::new());
    let missing = layer_table("<!-- layers -->\n| `x` | high |\n");
    assert!(misplaced(&missing[0], &rooms)[0].contains("the crate has"));
}
