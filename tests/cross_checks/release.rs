//! The release workflow (.github/workflows/release.yml) cannot run here: it
//! is read as YAML and held to its shape. A version tag starts it; the
//! wheels and the binaries are built on Linux, macOS and Windows, the
//! wheels by maturin at the version python/constraints.txt pins; both are
//! attached to the tag's release, and the wheels published to PyPI.

use std::path::Path;

use crate::support::process::ROOT;

fn steps(job: &serde_json::Value) -> Vec<&str> {
    job["steps"].as_array().expect("steps").iter().filter_map(|s| s["uses"].as_str().or(s["run"].as_str())).collect()
}

#[test]
fn the_release_workflow_builds_wheels_and_binaries_on_three_systems_and_uploads_them() {
    let text = std::fs::read_to_string(Path::new(ROOT).join(".github/workflows/release.yml")).expect("release.yml");
    let w: serde_json::Value = serde_saphyr::from_str(&text).expect("release.yml parses as YAML");
    let tags = &w["on"]["push"]["tags"];
    assert!(tags.as_array().is_some_and(|t| t.iter().any(|t| t == "v*")), "started by a version tag: {}", w["on"]);
    let jobs = &w["jobs"];
    for name in ["wheels", "binaries"] {
        let os = jobs[name]["strategy"]["matrix"]["os"].as_array().expect("a matrix of systems");
        for system in ["ubuntu", "macos", "windows"] {
            assert!(os.iter().any(|o| o.as_str().is_some_and(|o| o.starts_with(system))), "{name} on {system}");
        }
        assert_eq!(jobs[name]["runs-on"], "${{ matrix.os }}");
        let s = steps(&jobs[name]);
        assert!(s.first().is_some_and(|s| s.starts_with("actions/checkout@")), "{name}: {s:?}");
        assert!(s.last().is_some_and(|s| s.starts_with("actions/upload-artifact@")), "{name}: {s:?}");
    }
    let maturin = jobs["wheels"]["steps"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["uses"].as_str().is_some_and(|u| u.starts_with("PyO3/maturin-action@"))))
        .expect("the wheels are built by maturin");
    let pins = std::fs::read_to_string(Path::new(ROOT).join("python/constraints.txt")).expect("the constraints");
    let pin = pins.lines().find_map(|l| l.strip_prefix("maturin==")).expect("maturin is pinned");
    assert_eq!(maturin["with"]["maturin-version"], pin, "the release builds with the pinned maturin");
    assert!(maturin["with"]["args"].as_str().is_some_and(|a| a.contains("--release")));
    assert!(steps(&jobs["binaries"]).iter().any(|s| s.contains("cargo build --release")));
    let release = &jobs["release"];
    assert_eq!(release["needs"], serde_json::json!(["wheels", "binaries"]));
    assert_eq!(release["permissions"]["contents"], "write");
    let s = steps(release);
    assert!(s.iter().any(|s| s.starts_with("actions/download-artifact@")), "{s:?}");
    assert!(s.iter().any(|s| s.contains("gh release create")), "{s:?}");
    let pypi = &jobs["pypi"];
    assert_eq!(pypi["permissions"]["id-token"], "write", "trusted publishing");
    assert!(steps(pypi).iter().any(|s| s.starts_with("pypa/gh-action-pypi-publish@")));
}
