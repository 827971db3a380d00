//! The UCI options: their declaration (`option name ...` lines) and the
//! checking of `setoption` values. Applying a value (resizing the hash,
//! respawning threads) is the controller's job; this module only decides
//! what the value is.

use crate::search::skill::{ELO_MAX, ELO_MIN, SKILL_MAX};
use crate::search::time::DEFAULT_MOVE_OVERHEAD;

#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Spin { default: i64, min: i64, max: i64 },
    Check { default: bool },
    Button,
    String { default: &'static str },
}

pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
}

pub const HASH_MAX_MB: i64 = 1 << 20;
pub const THREADS_MAX: i64 = 1024;
pub const MULTIPV_MAX: i64 = 256;
pub const SEED_MAX: i64 = i32::MAX as i64;

pub const SPECS: &[Spec] = &[
    Spec { name: "Hash", kind: Kind::Spin { default: 16, min: 1, max: HASH_MAX_MB } },
    Spec { name: "Threads", kind: Kind::Spin { default: 1, min: 1, max: THREADS_MAX } },
    Spec { name: "MultiPV", kind: Kind::Spin { default: 1, min: 1, max: MULTIPV_MAX } },
    Spec { name: "Move Overhead", kind: Kind::Spin { default: DEFAULT_MOVE_OVERHEAD as i64, min: 0, max: 10_000 } },
    Spec { name: "Ponder", kind: Kind::Check { default: false } },
    Spec { name: "UCI_Chess960", kind: Kind::Check { default: false } },
    Spec { name: "Clear Hash", kind: Kind::Button },
    Spec { name: "SyzygyPath", kind: Kind::String { default: "<empty>" } },
    Spec { name: "SyzygyProbeDepth", kind: Kind::Spin { default: 1, min: 1, max: 100 } },
    Spec { name: "Syzygy50MoveRule", kind: Kind::Check { default: true } },
    Spec { name: "SyzygyProbeLimit", kind: Kind::Spin { default: 7, min: 0, max: 7 } },
    Spec { name: "UCI_LimitStrength", kind: Kind::Check { default: false } },
    Spec { name: "UCI_Elo", kind: Kind::Spin { default: ELO_MIN as i64, min: ELO_MIN as i64, max: ELO_MAX as i64 } },
    Spec { name: "Skill Level", kind: Kind::Spin { default: SKILL_MAX as i64, min: 0, max: SKILL_MAX as i64 } },
    Spec { name: "Seed", kind: Kind::Spin { default: 0, min: 0, max: SEED_MAX } },
    Spec { name: "UCI_ShowWDL", kind: Kind::Check { default: false } },
];

/// Declarations of the search parameters (tune builds only).
pub fn param_declarations() -> Vec<String> {
    if !cfg!(feature = "tune") {
        return Vec::new();
    }
    crate::search::params::ALL
        .iter()
        .map(|&(name, default, min, max)| format!("option name {name} type spin default {default} min {min} max {max}"))
        .collect()
}

/// The `option ...` declaration line of a spec.
pub fn declaration(spec: &Spec) -> String {
    match spec.kind {
        Kind::Spin { default, min, max } => {
            format!("option name {} type spin default {default} min {min} max {max}", spec.name)
        }
        Kind::Check { default } => format!("option name {} type check default {default}", spec.name),
        Kind::Button => format!("option name {} type button", spec.name),
        Kind::String { default } => format!("option name {} type string default {default}", spec.name),
    }
}

/// A validated option change.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A search parameter (only in builds with `--features tune`).
    Param(&'static str, i32),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    Ponder(bool),
    Chess960(bool),
    ClearHash,
    /// Folders of Syzygy tables; empty for none.
    SyzygyPath(String),
    SyzygyProbeDepth(i32),
    Syzygy50MoveRule(bool),
    SyzygyProbeLimit(u32),
    LimitStrength(bool),
    Elo(u32),
    SkillLevel(u32),
    /// Seed of the limited-strength choices; 0 for a random one per game.
    Seed(u64),
    /// Print win/draw/loss odds (`wdl W D L`) on every score line.
    ShowWdl(bool),
}

/// What `setoption` produced: the change, plus a note for the user when the
/// value had to be clamped into range.
#[derive(Debug, PartialEq)]
pub struct Parsed {
    pub change: Change,
    pub note: Option<String>,
}

/// Checks a `setoption`. Names match case-insensitively (UCI says option
/// names are not case sensitive); an out-of-range number is clamped with a
/// note; anything unusable is an error message.
pub fn parse(name: &str, value: Option<&str>) -> Result<Parsed, String> {
    if cfg!(feature = "tune") {
        if let Some((pname, _, min, max)) = crate::search::params::lookup(name) {
            let text = value.map(str::trim).unwrap_or("");
            let v: i64 = text.parse().map_err(|_| format!("option '{pname}': '{text}' is not a whole number"))?;
            let clamped = v.clamp(min as i64, max as i64) as i32;
            let note = (clamped as i64 != v).then(|| format!("option '{pname}': using {clamped}"));
            return Ok(Parsed { change: Change::Param(pname, clamped), note });
        }
    }
    let spec = SPECS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let mut note = None;
    let change = match spec.kind {
        Kind::Spin { min, max, .. } => {
            let text = value
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .ok_or_else(|| format!("option '{}' needs a value", spec.name))?;
            let v: i128 =
                text.parse().map_err(|_| format!("option '{}': '{text}' is not a whole number", spec.name))?;
            let clamped = v.clamp(min as i128, max as i128) as i64;
            if clamped as i128 != v {
                note = Some(format!("option '{}': {v} is out of range {min}..{max}, using {clamped}", spec.name));
            }
            match spec.name {
                "Hash" => Change::Hash(clamped as usize),
                "Threads" => Change::Threads(clamped as usize),
                "MultiPV" => Change::MultiPv(clamped as usize),
                "SyzygyProbeDepth" => Change::SyzygyProbeDepth(clamped as i32),
                "SyzygyProbeLimit" => Change::SyzygyProbeLimit(clamped as u32),
                "UCI_Elo" => Change::Elo(clamped as u32),
                "Skill Level" => Change::SkillLevel(clamped as u32),
                "Seed" => Change::Seed(clamped as u64),
                _ => Change::MoveOverhead(clamped as u64),
            }
        }
        Kind::Check { .. } => {
            let text = value.map(str::trim).unwrap_or("");
            let b = if text.eq_ignore_ascii_case("true") {
                true
            } else if text.eq_ignore_ascii_case("false") {
                false
            } else {
                return Err(format!("option '{}': '{text}' is not true or false", spec.name));
            };
            match spec.name {
                "Ponder" => Change::Ponder(b),
                "Syzygy50MoveRule" => Change::Syzygy50MoveRule(b),
                "UCI_LimitStrength" => Change::LimitStrength(b),
                "UCI_ShowWDL" => Change::ShowWdl(b),
                _ => Change::Chess960(b),
            }
        }
        Kind::Button => Change::ClearHash,
        Kind::String { .. } => {
            // "<empty>" is how GUIs write an empty string option.
            let text = value.map(str::trim).unwrap_or("");
            Change::SyzygyPath(if text == "<empty>" { String::new() } else { text.to_string() })
        }
    };
    Ok(Parsed { change, note })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_and_values_clamped() {
        assert_eq!(parse("hash", Some("64")).unwrap().change, Change::Hash(64));
        let p = parse("Threads", Some("100000")).unwrap();
        assert_eq!(p.change, Change::Threads(THREADS_MAX as usize));
        assert!(p.note.is_some());
        assert_eq!(parse("Hash", Some("0")).unwrap().change, Change::Hash(1));
        assert_eq!(parse("Move Overhead", Some("-5")).unwrap().change, Change::MoveOverhead(0));
        assert_eq!(parse("MultiPV", Some("99999999999999999999999")).unwrap().change, Change::MultiPv(256));
    }

    #[test]
    fn bad_values_are_refused() {
        assert!(parse("Hash", Some("lots")).is_err());
        assert!(parse("Hash", None).is_err());
        assert!(parse("Ponder", Some("yes")).is_err());
        assert!(parse("NoSuchOption", Some("1")).is_err());
    }

    #[test]
    fn syzygy_options() {
        let p = parse("SyzygyPath", Some("/tb/345:/tb/6")).unwrap();
        assert_eq!(p.change, Change::SyzygyPath("/tb/345:/tb/6".into()));
        assert_eq!(parse("syzygypath", Some("<empty>")).unwrap().change, Change::SyzygyPath(String::new()));
        assert_eq!(parse("SyzygyPath", None).unwrap().change, Change::SyzygyPath(String::new()));
        assert_eq!(parse("SyzygyProbeDepth", Some("0")).unwrap().change, Change::SyzygyProbeDepth(1));
        assert_eq!(parse("SyzygyProbeLimit", Some("9")).unwrap().change, Change::SyzygyProbeLimit(7));
        assert_eq!(parse("Syzygy50MoveRule", Some("false")).unwrap().change, Change::Syzygy50MoveRule(false));
        let declared: Vec<String> = SPECS.iter().map(declaration).collect();
        assert!(declared.contains(&"option name SyzygyPath type string default <empty>".to_string()));
    }

    #[test]
    fn strength_options() {
        assert_eq!(parse("UCI_LimitStrength", Some("true")).unwrap().change, Change::LimitStrength(true));
        assert_eq!(parse("uci_elo", Some("1800")).unwrap().change, Change::Elo(1800));
        assert_eq!(parse("UCI_Elo", Some("100")).unwrap().change, Change::Elo(ELO_MIN));
        assert_eq!(parse("Skill Level", Some("25")).unwrap().change, Change::SkillLevel(SKILL_MAX));
        assert_eq!(parse("Seed", Some("7")).unwrap().change, Change::Seed(7));
        assert!(parse("Skill Level", Some("high")).is_err());
    }

    #[test]
    fn checks_and_buttons() {
        assert_eq!(parse("UCI_Chess960", Some("true")).unwrap().change, Change::Chess960(true));
        assert_eq!(parse("ponder", Some("FALSE")).unwrap().change, Change::Ponder(false));
        assert_eq!(parse("Clear Hash", None).unwrap().change, Change::ClearHash);
    }
}
