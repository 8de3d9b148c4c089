//! A plan's records spot-checked (`perft-verify PLAN RECORDS --sample K`):
//! K units drawn at random (a seed makes the draw repeatable) and every
//! leaf of each counted again twice, by the plain walk and with a
//! transposition table, so that a record a worker got wrong (a bad machine,
//! a changed build, a file edited) is found without counting everything
//! again, and a table that answered wrongly would show as the two recounts
//! differing.

use super::counter;
use super::plan::Plan;
use super::records::{At, Record};
use super::work::count_unit;
use crate::game::Game;

/// A unit whose counts differ: its record, and the two recounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Differs {
    pub unit: usize,
    pub at: At,
    pub recorded: Vec<u64>,
    pub plain: Vec<u64>,
    pub hashed: Vec<u64>,
}

impl Differs {
    /// The leaves where the counts part, as `position: recorded R, plain P,
    /// with the table H`.
    pub fn leaves(&self, plan: &Plan) -> Vec<String> {
        let positions = plan.units.get(self.unit).map(|u| u.leaves.as_slice()).unwrap_or_default();
        (0..self.plain.len())
            .filter(|&i| self.recorded.get(i) != self.plain.get(i) || self.plain.get(i) != self.hashed.get(i))
            .map(|i| {
                let p = positions.get(i).map(|l| l.position.as_str()).unwrap_or("?");
                let show = |v: &[u64]| v.get(i).map_or("none".to_string(), u64::to_string);
                format!(
                    "'{p}': recorded {}, plain walk {}, with the table {}",
                    show(&self.recorded),
                    show(&self.plain),
                    show(&self.hashed)
                )
            })
            .collect()
    }
}

/// The units drawn and those of them whose counts differ.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// The units drawn, each with where its record was read.
    pub drawn: Vec<(usize, At)>,
    pub differ: Vec<Differs>,
}

/// SplitMix64: a seeded draw, the same on every machine.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Draw `sample` of the records (all of them if fewer) by `seed` and count
/// their units again, without and with a table of `hash` bytes.
pub fn verify(
    game: &dyn Game,
    plan: &Plan,
    records: &[(At, Record)],
    sample: usize,
    seed: u64,
    hash: usize,
) -> Result<Checked, String> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    let mut draw = Draw(seed);
    let k = sample.min(order.len());
    for i in 0..k {
        let span = (order.len() - i) as u64;
        let j = i + (draw.next() % span) as usize;
        order.swap(i, j);
    }
    order.truncate(k);
    let mut plain = counter(game, plan.paths, None).map_err(|e| e.message)?;
    let mut hashed = counter(game, plan.paths, Some(hash)).map_err(|e| e.message)?;
    let mut checked = Checked::default();
    for i in order {
        let Some((at, r)) = records.get(i) else { continue };
        let Some(unit) = plan.units.get(r.unit) else { continue };
        checked.drawn.push((r.unit, at.clone()));
        let p = count_unit(plain.as_mut(), plan, unit)?;
        let h = count_unit(hashed.as_mut(), plan, unit)?;
        let recorded: Vec<u64> = r.leaves.iter().map(|l| l.count).collect();
        let total = Record::of(plan, unit, &p)?.count;
        if recorded != p || p != h || total != r.count {
            checked.differ.push(Differs { unit: r.unit, at: at.clone(), recorded, plain: p, hashed: h });
        }
    }
    Ok(checked)
}
