//! A refereeing run: the games played in turn, each from the next start
//! position, the colours alternating between two players; after each game
//! with a violation, its clauses found and its PDN and scenario written;
//! the players finished at the end, however it ends.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::cite::Citer;
use crate::found;
use crate::judge::Judge;
use crate::play::{play, Table};
use crate::player::Player;
use crate::record::{End, GameRecord, Run, Written};
use crate::starts::Start;
use rulecheck::catalog::Catalog;
use rulecheck::source::Source;

/// What to play.
pub struct Plan<'a> {
    pub judge: &'a Judge,
    pub catalog: &'a Catalog,
    /// The spec whose scenarios say which clauses a refusal breaks.
    pub spec: &'a Source,
    pub starts: &'a [Start],
    pub games: usize,
    pub max_plies: usize,
    /// Where the files of violations go (made if missing).
    pub out: &'a Path,
    /// The limit of each search, in words, for the report.
    pub level: String,
}

/// Play the plan's games between the players: one player plays itself;
/// two take white in turn, each start position played once with each
/// colour. `each_game` is told of every game as it ends. `Err` is
/// rulecheck's own failure (the reference failing on its own game), which
/// ends the run.
pub fn referee(
    plan: &Plan<'_>,
    players: &mut [Box<dyn Player>],
    each_game: &mut dyn FnMut(&GameRecord),
) -> Result<Run, String> {
    let began = Instant::now();
    let names: Vec<String> = players.iter().map(|p| p.name()).collect();
    let pairing = match names.as_slice() {
        [one] => format!("{one} against itself"),
        [a, b] => format!("{a} against {b}"),
        _ => return Err("a game needs one player (against itself) or two".into()),
    };
    if plan.starts.is_empty() {
        return Err("no position to start a game from".into());
    }
    let citer = Citer::new(plan.catalog, plan.spec);
    let mut games = Vec::new();
    let mut stopped = None;
    let result = (|| -> Result<(), String> {
        for i in 0..plan.games {
            if let Some(signal) = rulecheck::interrupt::requested() {
                stopped = Some(signal.to_string());
                break;
            }
            let (start, white, black) = match players.len() {
                1 => (&plan.starts[i % plan.starts.len()], 0, 0),
                _ => (&plan.starts[(i / 2) % plan.starts.len()], i % 2, 1 - i % 2),
            };
            let table = Table {
                judge: plan.judge,
                players,
                white,
                black,
                start: &start.position,
                initial: start.initial,
                number: i + 1,
                max_plies: plan.max_plies,
            };
            let mut rec = play(table)?;
            // The violation is taken out of the record while its files are
            // written from the rest of it, then put back with them.
            match std::mem::replace(&mut rec.end, End::Unfinished) {
                End::Violation(mut v) => {
                    let cited = citer.clauses(plan.judge, &v.position, &v.wrong);
                    v.clauses = cited.clauses;
                    v.placeholder = cited.placeholder;
                    v.cited_by = cited.why;
                    v.written = write(plan, &rec, &v);
                    rec.end = End::Violation(v);
                }
                end => rec.end = end,
            }
            if let End::Stopped(signal) = &rec.end {
                stopped = Some(signal.clone());
            }
            each_game(&rec);
            games.push(rec);
            if stopped.is_some() {
                break;
            }
        }
        Ok(())
    })();
    for p in players.iter_mut() {
        p.finish();
    }
    result?;
    Ok(Run {
        variant: plan.judge.variant().to_string(),
        options: plan.judge.options().clone(),
        pairing,
        level: plan.level.clone(),
        games,
        planned: plan.games,
        notes: Vec::new(),
        stopped,
        seconds: began.elapsed().as_secs_f64(),
        out: plan.out.to_path_buf(),
    })
}

/// Write a violation's PDN and scenario files into the plan's directory.
fn write(plan: &Plan<'_>, rec: &GameRecord, v: &crate::record::Violation) -> Result<Written, String> {
    let scenario = found::scenario(plan.judge, plan.catalog, rec, v)?;
    let pdn = found::pdn(rec, plan.judge.variant(), v);
    std::fs::create_dir_all(plan.out).map_err(|e| format!("cannot make {}: {e}", plan.out.display()))?;
    let stem = format!("game-{:03}", rec.number);
    let paths: (PathBuf, PathBuf) = (plan.out.join(format!("{stem}.pdn")), plan.out.join(format!("{stem}.yaml")));
    rulecheck_files::write_output(&paths.0, pdn.as_bytes())?;
    rulecheck_files::write_output(&paths.1, scenario.as_bytes())?;
    Ok(Written { pdn: paths.0, scenario: paths.1 })
}
