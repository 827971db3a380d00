//! What a game's tags say: its variant and start position.

use super::error::{PgnError, PgnErrorKind};
use super::PgnGame;
use crate::chess::position::Position;

/// Variant tag values (lower case) that mean standard chess, as
/// python-chess reads them.
const STANDARD: [&str; 6] = ["", "standard", "chess", "classical", "normal", "from position"];

/// Variant tag values (lower case) that mean Chess960.
const CHESS960: [&str; 5] = ["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"];

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Whether the Variant tag names Chess960.
    pub fn chess960(&self) -> bool {
        CHESS960.contains(&self.variant().as_str())
    }

    fn variant(&self) -> String {
        self.tag("Variant").unwrap_or("").trim().to_lowercase()
    }

    /// The position the game starts from: the FEN tag when there is one
    /// (with or without SetUp "1"), else the standard start. Fails on a bad
    /// FEN and on variants other than standard chess and Chess960. The
    /// error's game number is 0; the reader fills it in.
    pub fn start_position(&self) -> Result<Position, PgnError> {
        let variant = self.variant();
        let chess960 = CHESS960.contains(&variant.as_str());
        if !chess960 && !STANDARD.contains(&variant.as_str()) {
            let name = self.tag("Variant").unwrap_or("").trim().to_string();
            return Err(PgnError::new(0, PgnErrorKind::UnsupportedVariant(name)));
        }
        let mut pos = match self.tag("FEN") {
            Some(fen) => Position::from_fen(fen, chess960).map_err(|e| PgnError::new(0, PgnErrorKind::BadFen(e)))?,
            None => Position::startpos(),
        };
        pos.set_chess960(chess960);
        Ok(pos)
    }
}
