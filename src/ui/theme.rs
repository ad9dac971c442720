//! Colours and glyphs for each colour depth, and ASCII mode.

use ratatui::style::{Color as TColor, Modifier, Style};
use ratatui::symbols::border;

use super::{ColorDepth, Settings};
use crate::rules::Color;

/// One colour at every depth: 24-bit, xterm-256 index, 16-colour name.
#[derive(Clone, Copy)]
struct Paint(u8, u8, u8, u8, TColor);

const BOARD_A: Paint = Paint(62, 104, 48, 22, TColor::Green);
const BOARD_B: Paint = Paint(72, 116, 56, 28, TColor::Green);
const BOARD_DOT: Paint = Paint(30, 60, 24, 236, TColor::Black);
const LAKE_BG: Paint = Paint(38, 92, 138, 24, TColor::Cyan);
const LAKE_FG: Paint = Paint(150, 200, 235, 117, TColor::White);
const RED_PIECE: Paint = Paint(190, 36, 36, 124, TColor::Red);
const BLUE_PIECE: Paint = Paint(36, 78, 200, 20, TColor::Blue);
const PIECE_FG: Paint = Paint(255, 255, 255, 231, TColor::White);
// The last move, the targets and the selection are told apart from the board and from each
// other under protanopia and deuteranopia too (tests/ui_colour.rs: CIEDE2000 at least 20).
// Before that check the last move was (160, 150, 50) / 100 and the targets (110, 190, 110)
// / 71: 9.4 apart under deuteranopia, the last move 3.1 from the board in 256 colours.
const LAST_MOVE: Paint = Paint(168, 168, 36, 184, TColor::Yellow);
const SELECTED: Paint = Paint(168, 84, 168, 133, TColor::Magenta);
const TARGET: Paint = Paint(144, 216, 180, 72, TColor::LightGreen);
const TARGET_DOT: Paint = Paint(20, 50, 30, 234, TColor::Black);
const CURSOR: Paint = Paint(255, 255, 255, 231, TColor::White);
const ZONE: Paint = Paint(84, 128, 66, 65, TColor::Green);
const SHADE_FG: Paint = Paint(40, 70, 34, 237, TColor::Black);
const ACCENT: Paint = Paint(232, 180, 60, 214, TColor::Yellow);
const DIM: Paint = Paint(130, 130, 130, 244, TColor::DarkGray);
const ERROR: Paint = Paint(240, 90, 90, 203, TColor::LightRed);
const GOOD: Paint = Paint(110, 200, 110, 77, TColor::LightGreen);
const RED_TEXT: Paint = Paint(240, 90, 90, 203, TColor::LightRed);
const BLUE_TEXT: Paint = Paint(100, 150, 255, 75, TColor::LightBlue);
const BANNER_BG: Paint = Paint(70, 60, 20, 58, TColor::Yellow);
const LOW_TIME: Paint = Paint(160, 30, 30, 88, TColor::Red);
// The set-up explorer's heat map, from few to many (shade 1..=4).
const HEAT: [Paint; 4] = [
    Paint(40, 60, 110, 17, TColor::Blue),
    Paint(40, 110, 110, 30, TColor::Cyan),
    Paint(170, 140, 30, 136, TColor::Yellow),
    Paint(180, 50, 40, 124, TColor::Red),
];

/// ASCII-only border set.
pub(crate) const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Characters that differ between Unicode and ASCII mode.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Glyphs {
    pub dot: &'static str,
    pub target: &'static str,
    pub lake: &'static str,
    pub hidden: &'static str,
    pub hidden_moved: &'static str,
    pub shade: &'static str,
    pub dash: &'static str,
    pub sep: &'static str,
    pub arrow: &'static str,
    pub bullet: &'static str,
    pub check: &'static str,
    /// Plus-minus before a rating deviation.
    pub pm: &'static str,
    /// An arena player on a winning streak.
    pub fire: &'static str,
    /// Before the label of a square of the last move (from and to).
    pub last: &'static str,
    /// After the label of a piece of the marked side (the opponent's; Blue's for a
    /// spectator).
    pub marked: &'static str,
    /// On both sides of a clock with little time left.
    pub low_time: &'static str,
    /// A sparkline cell filled 0..=8 eighths from the bottom.
    pub spark: [&'static str; 9],
    pub border: border::Set<'static>,
}

const UNICODE: Glyphs = Glyphs {
    dot: "·",
    target: "•",
    lake: "≈",
    hidden: "■",
    hidden_moved: "◆",
    shade: "░",
    dash: "—",
    sep: " · ",
    arrow: "→",
    bullet: "●",
    check: "✓",
    pm: "±",
    fire: "🔥",
    last: "+",
    marked: "'",
    low_time: "!",
    spark: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
    border: border::ROUNDED,
};

const ASCII: Glyphs = Glyphs {
    dot: ".",
    target: "o",
    lake: "~",
    hidden: "?",
    hidden_moved: "?*",
    shade: ":",
    dash: "--",
    sep: " | ",
    arrow: "->",
    bullet: "*",
    check: "ok",
    pm: "+-",
    fire: "^^",
    last: "+",
    marked: "'",
    low_time: "!",
    spark: [" ", ".", ".", ".", "o", "o", "o", "#", "#"],
    border: ASCII_BORDER,
};

/// Styles of everything drawn, for one colour depth.
#[derive(Clone, Debug)]
pub(crate) struct Theme {
    pub depth: ColorDepth,
    pub g: Glyphs,
    /// The language the screens speak.
    pub lang: crate::i18n::Lang,
}

impl Theme {
    pub fn new(settings: &Settings) -> Theme {
        Theme {
            depth: settings.color,
            g: if settings.ascii { ASCII } else { UNICODE },
            lang: settings.lang,
        }
    }

    fn c(&self, p: Paint) -> Option<TColor> {
        match self.depth {
            ColorDepth::TrueColor => Some(TColor::Rgb(p.0, p.1, p.2)),
            ColorDepth::Ansi256 => Some(TColor::Indexed(p.3)),
            ColorDepth::Ansi16 => Some(p.4),
            ColorDepth::Mono => None,
        }
    }

    fn fg(&self, p: Paint) -> Style {
        match self.c(p) {
            Some(c) => Style::new().fg(c),
            None => Style::new(),
        }
    }

    fn bg(&self, p: Paint) -> Style {
        match self.c(p) {
            Some(c) => Style::new().bg(c),
            None => Style::new(),
        }
    }

    pub fn mono(&self) -> bool {
        self.depth == ColorDepth::Mono
    }

    /// Background of an empty board square.
    pub fn board(&self, dark: bool) -> Style {
        let s = self.bg(if dark { BOARD_A } else { BOARD_B });
        s.patch(self.fg(BOARD_DOT))
    }

    /// An own set-up square (slightly lighter).
    pub fn zone(&self) -> Style {
        self.bg(ZONE).patch(self.fg(BOARD_DOT))
    }

    pub fn shade(&self) -> Style {
        self.fg(SHADE_FG)
    }

    pub fn lake(&self) -> Style {
        self.bg(LAKE_BG).patch(self.fg(LAKE_FG))
    }

    /// A piece tile of this colour.
    pub fn piece(&self, color: Color) -> Style {
        if self.mono() {
            return match color {
                Color::Red => Style::new().add_modifier(Modifier::BOLD),
                Color::Blue => Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            };
        }
        let bg = match color {
            Color::Red => RED_PIECE,
            Color::Blue => BLUE_PIECE,
        };
        self.bg(bg)
            .patch(self.fg(PIECE_FG))
            .add_modifier(Modifier::BOLD)
    }

    pub fn last_move(&self) -> Style {
        if self.mono() {
            Style::new().add_modifier(Modifier::UNDERLINED)
        } else {
            self.bg(LAST_MOVE).patch(self.fg(BOARD_DOT))
        }
    }

    pub fn selected(&self) -> Style {
        self.bg(SELECTED).patch(self.fg(CURSOR))
    }

    /// A player's note on an unknown enemy piece: the piece's tile with the accent colour
    /// in italics (a revealed rank is underlined in the piece's own colours; a note's label
    /// ends in `?` besides).
    pub fn note(&self, color: Color) -> Style {
        self.piece(color)
            .patch(self.fg(ACCENT))
            .remove_modifier(Modifier::BOLD)
            .add_modifier(Modifier::ITALIC)
    }

    /// ASCII drawing.
    pub fn ascii(&self) -> bool {
        self.g.hidden == ASCII.hidden
    }

    pub fn target(&self) -> Style {
        self.bg(TARGET).patch(self.fg(TARGET_DOT))
    }

    pub fn cursor(&self) -> Style {
        self.fg(CURSOR).add_modifier(Modifier::BOLD)
    }

    /// Text in a side's colour (names, labels).
    pub fn side(&self, color: Color) -> Style {
        match color {
            Color::Red => self.fg(RED_TEXT),
            Color::Blue => self.fg(BLUE_TEXT),
        }
        .add_modifier(Modifier::BOLD)
    }

    pub fn accent(&self) -> Style {
        self.fg(ACCENT).add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.mono() {
            Style::new()
        } else {
            self.fg(DIM)
        }
    }

    pub fn error(&self) -> Style {
        self.fg(ERROR).add_modifier(Modifier::BOLD)
    }

    pub fn good(&self) -> Style {
        self.fg(GOOD)
    }

    pub fn banner(&self) -> Style {
        self.bg(BANNER_BG)
            .patch(self.fg(PIECE_FG))
            .add_modifier(Modifier::BOLD)
    }

    pub fn low_time(&self) -> Style {
        self.bg(LOW_TIME)
            .patch(self.fg(PIECE_FG))
            .add_modifier(Modifier::BOLD)
    }

    /// A highlighted row of the focused list.
    pub fn row_focus(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// The selected row of a list without focus.
    pub fn row_select(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }

    pub fn key(&self) -> Style {
        self.accent()
    }

    pub fn title(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A heat-map cell of shade `k` (0 none, 1..=4 few to many): a background in colour;
    /// in mono the two highest are bold (the cell's shade character and number say it too).
    pub fn heat(&self, k: u8) -> Style {
        match k {
            0 => Style::new(),
            k if self.mono() => {
                if k >= 3 {
                    Style::new().add_modifier(Modifier::BOLD)
                } else {
                    Style::new()
                }
            }
            k => self
                .bg(HEAT[usize::from(k.min(4)) - 1])
                .patch(self.fg(PIECE_FG)),
        }
    }
}
