//! Search parameters in one table. In a normal build each is a constant the
//! compiler folds away; built with `--features tune` each becomes a UCI spin
//! option (same name), so SPSA tuners and A/B tests of a value can reach it
//! without a rebuild. Techniques themselves are not switchable: what a
//! technique is worth is measured on a branch without it.

macro_rules! params {
    ($( $name:ident = $default:expr, $min:expr, $max:expr; )*) => {
        #[cfg(feature = "tune")]
        mod store {
            use std::sync::atomic::AtomicI32;
            $( #[allow(non_upper_case_globals)] pub static $name: AtomicI32 = AtomicI32::new($default); )*
        }

        $(
            #[inline(always)]
            pub fn $name() -> i32 {
                #[cfg(feature = "tune")]
                { store::$name.load(std::sync::atomic::Ordering::Relaxed) }
                #[cfg(not(feature = "tune"))]
                { $default }
            }
        )*

        /// (name, default, min, max) of every parameter.
        pub const ALL: &[(&str, i32, i32, i32)] = &[ $( (stringify!($name), $default, $min, $max), )* ];

        /// (name, default, min, max) of the parameter called `name`, matched
        /// without regard to case or surrounding spaces.
        pub fn lookup(name: &str) -> Option<(&'static str, i32, i32, i32)> {
            ALL.iter().copied().find(|p| p.0.eq_ignore_ascii_case(name.trim()))
        }

        /// Sets a parameter by name (tune builds only); false if unknown.
        #[allow(unused_variables)]
        pub fn set(name: &str, value: i32) -> bool {
            #[cfg(feature = "tune")]
            {
                $(
                    if name.eq_ignore_ascii_case(stringify!($name)) {
                        store::$name.store(value, std::sync::atomic::Ordering::Relaxed);
                        return true;
                    }
                )*
            }
            false
        }
    };
}

params! {
    // Aspiration windows.
    asp_delta = 15, 5, 100;
    asp_min_depth = 4, 1, 10;
    // Reverse futility pruning (static null move).
    rfp_depth = 4, 1, 16;
    rfp_margin = 83, 20, 200;
    rfp_improving = 51, 0, 200;
    // Razoring.
    razor_depth = 3, 1, 6;
    razor_margin = 276, 50, 600;
    // Null-move pruning.
    nmp_depth = 2, 1, 8;
    nmp_base = 3, 1, 6;
    nmp_div = 3, 2, 8;
    nmp_eval_div = 198, 50, 600;
    nmp_verify_depth = 14, 6, 40;
    // Internal iterative reduction.
    iir_depth = 3, 2, 10;
    // Futility pruning of quiet moves.
    fut_depth = 6, 1, 16;
    fut_base = 104, 0, 300;
    fut_margin = 120, 20, 300;
    // Late-move pruning.
    lmp_depth = 8, 1, 16;
    lmp_base = 2, 0, 10;
    // SEE pruning in the main search.
    see_depth = 9, 1, 16;
    see_quiet = 59, 10, 200;
    see_capture = 21, 5, 100;
    // Late-move reductions.
    lmr_base = 62, 0, 200;
    lmr_div = 159, 100, 400;
    lmr_history = 9638, 2000, 32000;
    // Shallowest depth at which late moves are reduced.
    lmr_min_depth = 3, 1, 6;
    // Extra plies of reduction at an expected cut node.
    lmr_cut_node = 1, 0, 3;
    // Singular extensions.
    se_depth = 6, 4, 14;
    se_double_margin = 29, 0, 100;
    // Quiescence delta pruning.
    delta_margin = 182, 50, 600;
    // Ordering bonus of quiet moves that give direct check; 0 turns it off.
    quiet_check_bonus = 20827, 0, 40000;
    // How much a checking move may lose by SEE (centipawns) and still get
    // the bonus: a check that just loses the piece is no sacrifice.
    check_see_margin = 75, 0, 1000;
    // History updates: bonus per ply of depth and its cap.
    hist_bonus_mul = 324, 50, 600;
    hist_bonus_max = 2129, 500, 4000;
    // The malus of the moves tried before the cutoff, in per cent of the
    // bonus of the move that cut off (larger than the bonus, as in
    // Stockfish: the moves that failed are many and mostly bad).
    hist_malus_pct = 125, 25, 200;
    // Scale of the soft time limit (per cent): how much of its budget a
    // move normally spends before the hard limit steps in.
    tm_soft_pct = 100, 50, 300;
}

#[cfg(test)]
mod tests {
    #[test]
    fn defaults_are_in_range() {
        for &(name, d, lo, hi) in super::ALL {
            assert!(lo <= d && d <= hi, "{name}");
        }
    }
}
