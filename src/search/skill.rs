//! Playing at a chosen strength (`UCI_LimitStrength`/`UCI_Elo`, `Skill
//! Level`). A weaker player is mostly one who sees less: the search gets a
//! node budget that shrinks with the rating, so the deeper tactics go
//! unseen first. On top of that it judges less precisely: the move is picked
//! among the best few lines of a MultiPV search (more of them at the bottom
//! of the scale) after each line's score gets a random error of up to
//! `noise_cp` centipawns. A line worse than the best by more than that is
//! never played, so at every setting a free queen is taken and a mate in one
//! the search sees is played.
//!
//! The ratings are those of the CCRL blitz list, measured against the
//! engines of a ladder (see README and `tuning/scripts/strength_calibration.py`).

use super::MATE_BOUND;
use crate::chess::rng::SplitMix64;
use crate::chess::Move;

/// The lowest and highest `UCI_Elo` settings.
pub const ELO_MIN: u32 = 1400;
pub const ELO_MAX: u32 = 3000;
/// `Skill Level` runs 0..=SKILL_MAX; the top level is full strength.
pub const SKILL_MAX: u32 = 20;
/// (rating, node budget, judgement error in centipawns, lines to choose
/// among): the calibrated anchors, interpolated linearly in the rating
/// (geometrically for nodes).
const ANCHORS: [(u32, u64, i32, usize); 9] = [
    (1400, 40, 800, 8),
    (1600, 80, 380, 4),
    (1800, 1_500, 85, 4),
    (2000, 4_000, 60, 4),
    (2200, 10_000, 48, 4),
    (2400, 19_500, 39, 4),
    (2600, 40_000, 30, 4),
    (2800, 83_000, 20, 4),
    (3000, 230_000, 7, 4),
];

/// The weakening for one rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    pub elo: u32,
    /// Nodes per move (counted once the first iteration is complete, so
    /// that even the weakest setting has looked at every move once).
    pub nodes: u64,
    /// Largest random error added to a line's score before the choice.
    pub noise_cp: i32,
    /// How many of the best lines the move is chosen among.
    pub lines: usize,
}

/// A line the choice is made among: a root move, its score from the last
/// completed iteration and its principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    pub score: i32,
    pub pv: Vec<Move>,
}

impl Skill {
    /// The weakening for a `UCI_Elo` setting (clamped into range).
    pub fn from_elo(elo: u32) -> Skill {
        let elo = elo.clamp(ELO_MIN, ELO_MAX);
        let i = ANCHORS.iter().rposition(|a| a.0 <= elo).unwrap_or(0).min(ANCHORS.len() - 2);
        let (e0, n0, w0, l0) = ANCHORS[i];
        let (e1, n1, w1, l1) = ANCHORS[i + 1];
        let t = ((elo - e0) as f64 / (e1 - e0) as f64).clamp(0.0, 1.0);
        let nodes = ((n0 as f64).ln() + t * ((n1 as f64).ln() - (n0 as f64).ln())).exp().round() as u64;
        let noise_cp = (w0 as f64 + t * (w1 - w0) as f64).round() as i32;
        let lines = (l0 as f64 + t * (l1 as f64 - l0 as f64)).round() as usize;
        Skill { elo, nodes, noise_cp, lines }
    }

    /// The rating a `Skill Level` stands for: the levels divide the
    /// calibrated range evenly; the top level is full strength (`None`).
    pub fn level_elo(level: u32) -> Option<u32> {
        (level < SKILL_MAX).then(|| ELO_MIN + (ELO_MAX - ELO_MIN) * level / (SKILL_MAX - 1))
    }

    pub fn from_level(level: u32) -> Option<Skill> {
        Skill::level_elo(level).map(Skill::from_elo)
    }

    /// Index of the candidate to play, among the first `lines` of
    /// `candidates` (sorted best first; a larger MultiPV shown to the user
    /// does not widen the choice); `seed` makes the choice reproducible.
    pub fn pick(&self, candidates: &[Candidate], seed: u64) -> usize {
        let Some(top) = candidates.first() else { return 0 };
        // With a mate on the board for either side the lines are not
        // comparable in centipawns: play the best.
        if top.score.abs() >= MATE_BOUND || self.noise_cp <= 0 {
            return 0;
        }
        let mut rng = SplitMix64::new(seed);
        let mut best = (i64::MIN, 0);
        for (i, c) in candidates.iter().take(self.lines.max(1)).enumerate() {
            let error = rng.below(self.noise_cp as usize + 1) as i64;
            let value = c.score as i64 + error;
            if c.score > -MATE_BOUND && value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(score: i32) -> Candidate {
        Candidate { mv: Move::NONE, score, pv: Vec::new() }
    }

    #[test]
    fn the_mapping_is_monotone_and_hits_its_anchors() {
        for &(elo, nodes, noise, lines) in &ANCHORS {
            assert_eq!(Skill::from_elo(elo), Skill { elo, nodes, noise_cp: noise, lines });
        }
        let mut prev = Skill::from_elo(0);
        assert_eq!(prev.elo, ELO_MIN);
        for elo in ELO_MIN..=ELO_MAX + 100 {
            let s = Skill::from_elo(elo);
            assert!(s.nodes >= prev.nodes && s.noise_cp <= prev.noise_cp && s.lines <= prev.lines, "{elo}");
            prev = s;
        }
        assert_eq!(Skill::from_elo(5000).elo, ELO_MAX);
    }

    #[test]
    fn levels_cover_the_range() {
        assert_eq!(Skill::level_elo(0), Some(ELO_MIN));
        assert_eq!(Skill::level_elo(SKILL_MAX - 1), Some(ELO_MAX));
        assert_eq!(Skill::level_elo(SKILL_MAX), None);
        assert!((1..SKILL_MAX).all(|l| Skill::level_elo(l) > Skill::level_elo(l - 1)));
    }

    #[test]
    fn a_line_worse_by_more_than_the_noise_is_never_chosen() {
        let weakest = Skill::from_elo(ELO_MIN);
        let lines = [line(900), line(900 - weakest.noise_cp - 1), line(0), line(-50)];
        assert!((0..2000).all(|seed| weakest.pick(&lines, seed) == 0));
    }

    #[test]
    fn close_lines_are_all_played_sometimes_and_the_seed_decides() {
        let s = Skill::from_elo(ELO_MIN);
        let lines = [line(30), line(25), line(20), line(10)];
        let mut seen = [0; 4];
        for seed in 0..1000 {
            seen[s.pick(&lines, seed)] += 1;
            assert_eq!(s.pick(&lines, seed), s.pick(&lines, seed));
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
        // The better a line, the more often it is played.
        assert!(seen.windows(2).all(|w| w[0] > w[1]), "{seen:?}");
    }

    #[test]
    fn the_choice_is_among_the_settings_lines_only() {
        // A larger MultiPV shown to the user does not widen the choice.
        let s = Skill::from_elo(1600);
        assert_eq!(s.lines, 4);
        let lines: Vec<_> = (0..8).map(|i| line(100 - i)).collect();
        assert!((0..2000).all(|seed| s.pick(&lines, seed) < 4));
        // The bottom of the scale chooses among more lines.
        let weakest = Skill::from_elo(ELO_MIN);
        let mut seen = [false; 8];
        (0..2000).for_each(|seed| seen[weakest.pick(&lines, seed)] = true);
        assert!(seen.iter().all(|&x| x), "{seen:?}");
    }

    #[test]
    fn mates_are_played_and_mated_lines_avoided() {
        let s = Skill::from_elo(ELO_MIN);
        let mate = [line(crate::search::mate_in(1)), line(2000), line(1990)];
        assert!((0..500).all(|seed| s.pick(&mate, seed) == 0));
        // A line worse than the best by more than the error is never played.
        let top = Skill::from_elo(ELO_MAX);
        let worse = 10 - top.noise_cp - 1;
        assert!((0..500).all(|seed| top.pick(&[line(10), line(worse)], seed) == 0));
    }
}
