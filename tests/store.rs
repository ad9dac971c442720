//! The store over real sled databases in temporary directories: durability across reopen
//! (and across an abort), atomic finish, record round trips, damaged files, backups.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use stratego_ssh::proto::{ClockSpec, GameTerms, PlayerId};
use stratego_ssh::rules::{
    ByColor, Color, EndReason, Game, GameRecord, Move, Outcome, Rules, Setup, SplitMix64, Variant,
    Viewer,
};
use stratego_ssh::store::{
    restore, ClaimResult, GameResult, LiveGame, OpenFailure, SeatRecord, Store, StoreError,
};

/// An identity written as the store writes it.
fn pid(s: &str) -> PlayerId {
    s.parse().unwrap()
}

/// A directory removed when dropped (no tempfile crate in dev-dependencies).
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        use std::sync::atomic::AtomicU64;
        static N: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let p = std::env::temp_dir().join(format!(
            "stratego-store-{tag}-{}-{}-{nanos}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn path(&self) -> &Path {
        &self.0
    }
    fn join(&self, s: &str) -> PathBuf {
        self.0.join(s)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn seat(identity: &PlayerId, nick: &str) -> SeatRecord {
    SeatRecord {
        identity: identity.clone(),
        nick: nick.into(),
    }
}

fn terms(variant: Variant, rated: bool) -> GameTerms {
    GameTerms {
        rules: Rules::standard(variant),
        rated,
        clock: Some(ClockSpec {
            initial_secs: 600,
            increment_secs: 5,
        }),
        days: None,
        budget: None,
    }
}

/// A random game of up to `max_plies` plies: the setups, the game after them.
fn random_game(rules: Rules, seed: u64, max_plies: usize) -> (Setup, Setup, Game) {
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).unwrap();
    while g.outcome().is_none() && (g.ply() as usize) < max_plies {
        let legal = g.legal_moves();
        g.play(legal[rng.below(legal.len())]).unwrap();
    }
    (red, blue, g)
}

fn live(id: u64, t: GameTerms, seats: ByColor<SeatRecord>, red: &Setup, blue: &Setup) -> LiveGame {
    LiveGame {
        id,
        terms: t,
        seats,
        red: red.clone(),
        blue: blue.clone(),
        moves: Vec::new(),
        clocks: Some(ByColor::new(
            Duration::from_secs(600),
            Duration::from_secs(600),
        )),
        started: 1_000,
        private: false,
        turn_since: None,
        turn_starts: vec![],
    }
}

/// A finished game between two seats with a given winner (the record is a short random
/// game ended by resignation, or agreed draw).
fn result(
    id: u64,
    variant: Variant,
    rated: bool,
    seats: ByColor<SeatRecord>,
    winner: Option<Color>,
    ended: u64,
) -> GameResult {
    let (red, blue, mut g) = random_game(Rules::standard(variant), id, 6);
    if g.outcome().is_none() {
        g.end(Outcome {
            winner,
            reason: if winner.is_some() {
                EndReason::Resignation
            } else {
                EndReason::DrawAgreed
            },
        });
    }
    let mut record = g.record();
    record.red = red;
    record.blue = blue;
    GameResult {
        id,
        record,
        seats,
        terms: terms(variant, rated),
        started: ended - 60,
        ended,
    }
}

#[tokio::test]
async fn leaderboard_orders_by_rating_then_games_then_nick() {
    let s = Store::temporary().unwrap();
    let players = [
        (&pid("key:a"), "Ann"),
        (&pid("key:b"), "bob"),
        (&pid("key:c"), "Cid"),
        (&pid("key:d"), "Dee"),
    ];
    for (id, nick) in players {
        assert_eq!(
            s.users().claim_nick(nick, id).await.unwrap(),
            ClaimResult::Granted
        );
    }
    let p = |i: usize| seat(players[i].0, players[i].1);
    let v = Variant::Classic;
    // Ann beats Bob twice; Cid beats Dee once; Dee's first win elsewhere keeps it apart.
    let games = [
        (0, 1, Some(Color::Red)),
        (1, 0, Some(Color::Blue)),
        (2, 3, Some(Color::Red)),
    ];
    for (id, (a, b, w)) in (1..).zip(games) {
        let t = 10_000 + (id - 1) * 100;
        let r = result(id, v, true, ByColor::new(p(a), p(b)), w, t);
        s.games().finish(&r).await.unwrap().expect("rated");
    }
    let board = s.ratings().leaderboard(v, 10).unwrap();
    let nicks: Vec<&str> = board.iter().map(|r| r.nick.as_str()).collect();
    assert_eq!(nicks, ["Ann", "Cid", "Dee", "bob"]);
    for w in board.windows(2) {
        assert!(w[0].rating.rating >= w[1].rating.rating);
    }
    assert_eq!(board[0].rating.games, 2);
    assert_eq!(board[0].rating.wins, 2);
    assert_eq!(s.ratings().leaderboard(v, 2).unwrap().len(), 2);
    assert!(s
        .ratings()
        .leaderboard(Variant::Duel, 10)
        .unwrap()
        .is_empty());

    // Equal histories tie on rating and games: nick order, case-insensitive.
    let s = Store::temporary().unwrap();
    for (id, nick) in [
        (&pid("key:z"), "zed"),
        (&pid("key:y"), "Amy"),
        (&pid("key:x"), "x1"),
        (&pid("key:w"), "w1"),
    ] {
        s.users().claim_nick(nick, id).await.unwrap();
    }
    s.games()
        .finish(&result(
            1,
            v,
            true,
            ByColor::new(seat(&pid("key:z"), "zed"), seat(&pid("key:x"), "x1")),
            Some(Color::Red),
            100,
        ))
        .await
        .unwrap();
    s.games()
        .finish(&result(
            2,
            v,
            true,
            ByColor::new(seat(&pid("key:y"), "Amy"), seat(&pid("key:w"), "w1")),
            Some(Color::Red),
            200,
        ))
        .await
        .unwrap();
    let nicks: Vec<String> = s
        .ratings()
        .leaderboard(v, 10)
        .unwrap()
        .into_iter()
        .map(|r| r.nick)
        .collect();
    assert_eq!(nicks, ["Amy", "zed", "w1", "x1"]);
}

#[tokio::test]
async fn guests_are_never_rated_and_casual_games_change_nothing() {
    let s = Store::temporary().unwrap();
    s.users().claim_nick("ann", &pid("key:a")).await.unwrap();
    s.users().claim_nick("bob", &pid("key:b")).await.unwrap();
    let v = Variant::Barrage;
    // Rated terms, but one side is a guest: stored as casual.
    let r = result(
        1,
        v,
        true,
        ByColor::new(
            seat(&pid("key:a"), "ann"),
            seat(&pid("guest:42"), "guest-42"),
        ),
        Some(Color::Red),
        100,
    );
    assert_eq!(s.games().finish(&r).await.unwrap(), None);
    assert_eq!(s.ratings().get(&pid("key:a"), v).unwrap(), None);
    assert_eq!(s.ratings().get(&pid("guest:42"), v).unwrap(), None);
    let g = s.games().get(1).unwrap().unwrap();
    assert!(!g.rated && g.rating_changes.is_none());
    // A bot is not rated either.
    let r = result(
        2,
        v,
        true,
        ByColor::new(
            seat(&pid("bot:easy"), "easy-bot"),
            seat(&pid("key:b"), "bob"),
        ),
        Some(Color::Blue),
        200,
    );
    assert_eq!(s.games().finish(&r).await.unwrap(), None);
    // Casual between two keys.
    let r = result(
        3,
        v,
        false,
        ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob")),
        Some(Color::Red),
        300,
    );
    assert_eq!(s.games().finish(&r).await.unwrap(), None);
    assert_eq!(s.ratings().get(&pid("key:a"), v).unwrap(), None);
    assert_eq!(s.ratings().get(&pid("key:b"), v).unwrap(), None);
    assert!(s.ratings().leaderboard(v, 10).unwrap().is_empty());
    assert!(s.ratings().history(&pid("key:a"), v).unwrap().is_empty());
    // All three are listed, none as rated.
    let games = s.games().of_player(&pid("key:a"), 10).unwrap();
    assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), [3, 1]);
    assert!(games.iter().all(|g| !g.rated));
    // Then a rated game does rate, from the defaults.
    let r = result(
        4,
        v,
        true,
        ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob")),
        None,
        400,
    );
    let ch = s.games().finish(&r).await.unwrap().unwrap();
    assert_eq!(ch.red.before.games, 0);
    assert_eq!(ch.red.after.games, 1);
    assert_eq!(ch.red.after.draws, 1);
    assert_eq!(
        s.ratings().get(&pid("key:b"), v).unwrap(),
        Some(ch.blue.after)
    );
}

#[tokio::test]
async fn rating_history_and_game_lists() {
    let s = Store::temporary().unwrap();
    let (a, b) = (seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob"));
    let mut expect = Vec::new();
    for (i, v) in [
        Variant::Duel,
        Variant::Classic,
        Variant::Duel,
        Variant::Duel,
    ]
    .into_iter()
    .enumerate()
    {
        let id = i as u64 + 1;
        let seats = if i % 2 == 0 {
            ByColor::new(a.clone(), b.clone())
        } else {
            ByColor::new(b.clone(), a.clone())
        };
        let r = result(id, v, true, seats, Some(Color::Red), 1_000 + id * 10);
        let ch = s.games().finish(&r).await.unwrap().unwrap();
        if v == Variant::Duel {
            let mine = if i % 2 == 0 { ch.red } else { ch.blue };
            expect.push((1_000 + id * 10, mine.after.rating));
        }
    }
    assert_eq!(
        s.ratings().history(&pid("key:a"), Variant::Duel).unwrap(),
        expect
    );
    assert_eq!(
        s.ratings()
            .history(&pid("key:a"), Variant::Classic)
            .unwrap()
            .len(),
        1
    );
    let ids =
        |l: Vec<stratego_ssh::store::GameListing>| l.into_iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(
        ids(s.games().of_player(&pid("key:b"), 10).unwrap()),
        [4, 3, 2, 1]
    );
    assert_eq!(ids(s.games().of_player(&pid("key:b"), 2).unwrap()), [4, 3]);
    assert_eq!(ids(s.games().recent(None, 10).unwrap()), [4, 3, 2, 1]);
    assert_eq!(
        ids(s.games().recent(Some(Variant::Duel), 10).unwrap()),
        [4, 3, 1]
    );
    assert_eq!(
        ids(s.games().recent(Some(Variant::Barrage), 10).unwrap()),
        Vec::<u64>::new()
    );
    let l = &s.games().recent(Some(Variant::Classic), 1).unwrap()[0];
    assert_eq!(
        (l.nicks.red.as_str(), l.nicks.blue.as_str()),
        ("bob", "ann")
    );
    assert!(l.rated);
    // The same game again (a retry after a failed flush) answers as the first time and
    // changes nothing; another result under the same id is refused and changes nothing.
    let before = s.ratings().get(&pid("key:a"), Variant::Duel).unwrap();
    let first = s.games().get(4).unwrap().unwrap();
    let same = GameResult {
        id: 4,
        record: first.record.clone(),
        seats: first.seats.clone(),
        terms: first.terms,
        started: first.started,
        ended: first.ended,
    };
    assert_eq!(s.games().finish(&same).await, Ok(first.rating_changes));
    let mut other = same.clone();
    other.record.outcome = Some(Outcome {
        winner: None,
        reason: EndReason::DrawAgreed,
    });
    assert_eq!(
        s.games().finish(&other).await,
        Err(StoreError::AlreadyFinished(4))
    );
    assert_eq!(s.games().get(4).unwrap().unwrap(), first);
    assert_eq!(
        s.ratings().get(&pid("key:a"), Variant::Duel).unwrap(),
        before
    );
}

#[tokio::test]
async fn moves_survive_drop_and_reopen() {
    let dir = TempDir::new("moves");
    let rules = Rules::standard(Variant::Classic);
    let (red, blue, g) = random_game(rules, 7, 60);
    let moves: Vec<Move> = g.moves().collect();
    let seats = ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("guest:1"), "guest-1"));
    let id;
    {
        let s = Store::open(dir.path()).unwrap();
        id = s.next_game_id().unwrap();
        s.live()
            .save(&live(
                id,
                terms(Variant::Classic, false),
                seats.clone(),
                &red,
                &blue,
            ))
            .await
            .unwrap();
        for (i, mv) in moves.iter().enumerate() {
            let left = Duration::from_millis(600_000 - i as u64 * 100);
            s.live()
                .append_move(id, i as u32 + 1, *mv, Some(ByColor::new(left, left)))
                .await
                .unwrap();
        }
    }
    let s = Store::open(dir.path()).unwrap();
    assert!(
        !dir.join("last-start").exists(),
        "after a clean stop, the start copies nothing"
    );
    assert!(
        !dir.join("clean-stop").exists(),
        "the clean-stop marker is gone once the files are open again"
    );
    let back = s.live().all().unwrap();
    assert_eq!(back.len(), 1);
    let lg = &back[0];
    assert_eq!((lg.id, &lg.seats, &lg.moves), (id, &seats, &moves));
    let left = Duration::from_millis(600_000 - (moves.len() as u64 - 1) * 100);
    assert_eq!(lg.clocks, Some(ByColor::new(left, left)));
    // The record so far replays to the same position.
    let replayed = lg.record().replay().unwrap();
    assert_eq!(replayed.view(Viewer::Spectator), g.view(Viewer::Spectator));
    // Ids keep increasing after a restart.
    assert!(s.next_game_id().unwrap() > id);
    // Removal is durable too.
    assert!(s.live().remove(id).await.unwrap());
    drop(s);
    let s = Store::open(dir.path()).unwrap();
    assert!(s.live().all().unwrap().is_empty());
    assert!(s.live().get(id).unwrap().is_none());
}

/// A child process appends moves and aborts (no destructors, no shutdown flush); every
/// move `append_move` returned for must be there.
#[tokio::test]
async fn appended_moves_survive_an_abort() {
    const ENV: &str = "STRATEGO_STORE_ABORT_CHILD";
    let rules = Rules::standard(Variant::Duel);
    let (red, blue, g) = random_game(rules, 11, 40);
    let moves: Vec<Move> = g.moves().collect();
    if let Ok(dir) = std::env::var(ENV) {
        let s = Store::open(&dir).unwrap();
        let seats = ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob"));
        s.live()
            .save(&live(5, terms(Variant::Duel, true), seats, &red, &blue))
            .await
            .unwrap();
        for (mv, ply) in moves.iter().zip(1..) {
            s.live().append_move(5, ply, *mv, None).await.unwrap();
        }
        std::process::abort();
    }
    let dir = TempDir::new("abort");
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "appended_moves_survive_an_abort",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(ENV, dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(!status.success(), "the child aborts");
    let s = Store::open(dir.path()).unwrap();
    assert!(
        dir.join("last-start").join("db").exists(),
        "after a stop that was not clean, the start keeps a copy of the files as they were"
    );
    let lg = s
        .live()
        .get(5)
        .unwrap()
        .expect("the game was saved before the abort");
    assert_eq!(lg.moves, moves);
}

#[tokio::test]
async fn finish_game_is_atomic_and_durable() {
    let dir = TempDir::new("finish");
    let rules = Rules::standard(Variant::Barrage);
    let (red, blue, mut g) = random_game(rules, 3, 30);
    let seats = ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob"));
    let changes;
    {
        let s = Store::open(dir.path()).unwrap();
        s.users().claim_nick("ann", &pid("key:a")).await.unwrap();
        s.users().claim_nick("bob", &pid("key:b")).await.unwrap();
        s.live()
            .save(&live(
                9,
                terms(Variant::Barrage, true),
                seats.clone(),
                &red,
                &blue,
            ))
            .await
            .unwrap();
        for (mv, ply) in g.moves().zip(1..) {
            s.live().append_move(9, ply, mv, None).await.unwrap();
        }
        if !g.is_over() {
            g.end(Outcome {
                winner: Some(Color::Blue),
                reason: EndReason::Time,
            });
        }
        let r = GameResult {
            id: 9,
            record: g.record(),
            seats: seats.clone(),
            terms: terms(Variant::Barrage, true),
            started: 1_000,
            ended: 2_000,
        };
        changes = s.games().finish(&r).await.unwrap().expect("rated");
        assert_ne!(changes.red.before, changes.red.after);
    }
    let s = Store::open(dir.path()).unwrap();
    let f = s.games().get(9).unwrap().expect("recorded");
    assert_eq!(f.record, g.record());
    assert_eq!(f.outcome, g.outcome().unwrap());
    assert!(f.rated);
    assert_eq!(f.rating_changes, Some(changes));
    assert_eq!(
        s.ratings().get(&pid("key:a"), Variant::Barrage).unwrap(),
        Some(changes.red.after)
    );
    assert_eq!(
        s.ratings().get(&pid("key:b"), Variant::Barrage).unwrap(),
        Some(changes.blue.after)
    );
    assert!(s.live().all().unwrap().is_empty());
    assert_eq!(s.games().of_player(&pid("key:a"), 5).unwrap()[0].id, 9);
    assert_eq!(
        s.ratings()
            .history(&pid("key:b"), Variant::Barrage)
            .unwrap(),
        vec![(2_000, changes.blue.after.rating)]
    );
    // An append after the finish is refused: the game is no longer in progress.
    let mv = g.moves().next().unwrap();
    assert_eq!(
        s.live().append_move(9, 1, mv, None).await,
        Err(StoreError::NoSuchGame(9))
    );
}

#[tokio::test]
async fn records_round_trip_view_for_view() {
    let s = Store::temporary().unwrap();
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let rules = Rules::standard(variant);
        let (_, _, mut original) = random_game(rules, 100 + i as u64, 400);
        if !original.is_over() {
            original.end(Outcome {
                winner: None,
                reason: EndReason::DrawAgreed,
            });
        }
        let id = i as u64 + 1;
        let r = GameResult {
            id,
            record: original.record(),
            seats: ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob")),
            terms: terms(variant, true),
            started: 1,
            ended: 2 + id,
        };
        s.games().finish(&r).await.unwrap();
        let loaded: GameRecord = s.games().get(id).unwrap().unwrap().record;
        assert_eq!(loaded, original.record());
        // Step through the original again, comparing every ply's views.
        let rec = original.record();
        let mut step = Game::new(rules, &rec.red, &rec.blue).unwrap();
        for ply in 0..=rec.moves.len() {
            if ply > 0 {
                step.play(rec.moves[ply - 1]).unwrap();
            }
            if ply == rec.moves.len() && step.outcome().is_none() {
                step.end(rec.outcome.unwrap());
            }
            let back = loaded.replay_to(ply).unwrap();
            for viewer in [
                Viewer::Player(Color::Red),
                Viewer::Player(Color::Blue),
                Viewer::Spectator,
            ] {
                assert_eq!(
                    back.view(viewer),
                    step.view(viewer),
                    "{variant} ply {ply} {viewer:?}"
                );
            }
        }
    }
}

fn listing(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            out.extend(listing(&e.path()));
        } else {
            out.push((e.path(), e.metadata().unwrap().len()));
        }
    }
    out.sort();
    out
}

/// Damage: garbage over every file (sled's `conf` check catches it), garbage over the log
/// only, and its first bytes flipped (sled then opens an *empty* database; the store's
/// schema marker catches it).
#[tokio::test]
async fn a_damaged_directory_is_a_clear_error_and_is_left_alone() {
    for damage in ["every file", "db file", "db header"] {
        let dir = TempDir::new("corrupt");
        {
            let s = Store::open(dir.path()).unwrap();
            s.users().claim_nick("ann", &pid("key:a")).await.unwrap();
            s.flush().await.unwrap();
        }
        let mut rng = SplitMix64(99);
        for (path, len) in listing(dir.path()) {
            let is_db = path.file_name().is_some_and(|n| n == "db");
            let mut bytes = std::fs::read(&path).unwrap();
            match damage {
                "every file" => {
                    bytes = (0..len.max(64)).map(|_| rng.next() as u8).collect();
                }
                "db file" if is_db => bytes.iter_mut().for_each(|b| *b = rng.next() as u8),
                "db header" if is_db => bytes[..64].iter_mut().for_each(|b| *b ^= 0xff),
                _ => continue,
            }
            std::fs::write(&path, bytes).unwrap();
        }
        let before = listing(dir.path());
        let contents: Vec<Vec<u8>> = before
            .iter()
            .map(|(p, _)| std::fs::read(p).unwrap())
            .collect();
        let err = match Store::open(dir.path()) {
            Err(e) => e,
            Ok(s) => panic!(
                "{damage}: opened a damaged database, user = {:?}",
                s.users().by_nick("ann")
            ),
        };
        let msg = err.to_string();
        assert!(matches!(err, StoreError::Open { .. }), "{damage}: {err:?}");
        assert!(msg.contains(&dir.path().display().to_string()), "{msg}");
        assert!(msg.contains("stratego-ssh restore"), "{msg}");
        let after = listing(dir.path());
        assert_eq!(before, after, "{damage}: files left in place");
        for ((p, _), c) in after.iter().zip(&contents) {
            assert_eq!(
                &std::fs::read(p).unwrap(),
                c,
                "{damage}: {} unchanged",
                p.display()
            );
        }
    }
}

#[test]
fn a_second_open_reports_the_lock() {
    let dir = TempDir::new("lock");
    let _s = Store::open(dir.path()).unwrap();
    match Store::open(dir.path()) {
        Err(StoreError::Open { failure, .. }) => assert_eq!(failure, OpenFailure::Locked),
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("opened twice"),
    }
}

#[tokio::test]
async fn backup_while_writing_then_restore() {
    let dir = TempDir::new("backup");
    let s = Store::open(dir.join("data")).unwrap();
    s.users().claim_nick("ann", &pid("key:a")).await.unwrap();
    s.users().claim_nick("bob", &pid("key:b")).await.unwrap();
    let seats = ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob"));
    for id in 1..=5 {
        s.games()
            .finish(&result(
                id,
                Variant::Duel,
                true,
                seats.clone(),
                Some(Color::Red),
                100 + id,
            ))
            .await
            .unwrap();
    }
    let rules = Rules::standard(Variant::Classic);
    let (red, blue, g) = random_game(rules, 21, 400);
    let moves: Vec<Move> = g.moves().collect();
    s.live()
        .save(&live(
            50,
            terms(Variant::Classic, true),
            seats.clone(),
            &red,
            &blue,
        ))
        .await
        .unwrap();
    // A writer appends moves and finishes games while the backup runs.
    let acked = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (s, acked, stop, moves, seats) = (
            s.clone(),
            acked.clone(),
            stop.clone(),
            moves.clone(),
            seats.clone(),
        );
        // A thread of its own, with a runtime of its own to await the store's writes.
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap();
            rt.block_on(async {
                let mut id = 100;
                for (mv, ply) in moves.into_iter().zip(1..) {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    s.live().append_move(50, ply, mv, None).await.unwrap();
                    acked.fetch_add(1, Ordering::SeqCst);
                    if acked.load(Ordering::SeqCst) % 10 == 0 {
                        id += 1;
                        s.games()
                            .finish(&result(
                                id,
                                Variant::Barrage,
                                false,
                                seats.clone(),
                                None,
                                1_000 + id,
                            ))
                            .await
                            .unwrap();
                    }
                }
            })
        })
    };
    while acked.load(Ordering::SeqCst) < 20 {
        std::thread::yield_now();
    }
    let before = acked.load(Ordering::SeqCst) as usize;
    let summary = s.backup(dir.join("bak")).unwrap();
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    assert!(summary.entries > 0);
    // Backing up into a used directory is refused.
    assert!(matches!(
        s.backup(dir.join("bak")),
        Err(StoreError::Backup(_))
    ));

    let b = Store::open(dir.join("bak")).unwrap();
    assert_eq!(
        b.users().by_nick("ANN").unwrap().unwrap().owner,
        pid("key:a")
    );
    for id in 1..=5 {
        assert!(b.games().get(id).unwrap().is_some());
    }
    assert_eq!(
        b.ratings().get(&pid("key:a"), Variant::Duel).unwrap(),
        s.ratings().get(&pid("key:a"), Variant::Duel).unwrap()
    );
    let lg = b.live().get(50).unwrap().unwrap();
    assert!(
        lg.moves.len() >= before,
        "{} moves in backup, {before} acknowledged before",
        lg.moves.len()
    );
    assert_eq!(
        lg.moves[..],
        moves[..lg.moves.len()],
        "a prefix of what was written"
    );
    // Finished casual games: each listed in the backup is complete.
    for l in b.games().recent(Some(Variant::Barrage), 1000).unwrap() {
        assert!(b.games().get(l.id).unwrap().is_some());
    }
    let backup_ids = b.next_game_id().unwrap();
    drop(b);

    // Restore: refused over a non-empty dir without overwrite, and while it is open.
    let data = dir.join("data");
    assert!(matches!(
        restore(dir.join("bak"), &data, false),
        Err(StoreError::Backup(_))
    ));
    assert!(
        matches!(restore(dir.join("bak"), &data, true), Err(StoreError::Backup(m)) if m.contains("in use"))
    );
    drop(s);
    let r = restore(dir.join("bak"), &data, true).unwrap();
    let aside = r.moved_aside.expect("old data moved aside");
    assert!(aside.exists());
    let restored = Store::open(&data).unwrap();
    assert_eq!(restored.live().get(50).unwrap().unwrap().moves, lg.moves);
    assert!(restored.next_game_id().unwrap() >= backup_ids);
    // The moved-aside data still opens and has everything, including what came after.
    drop(restored);
    let old = Store::open(&aside).unwrap();
    assert!(old.live().get(50).unwrap().unwrap().moves.len() >= lg.moves.len());
    // Restoring into a fresh directory needs no overwrite.
    drop(old);
    let r = restore(dir.join("bak"), dir.join("fresh"), false).unwrap();
    assert!(r.moved_aside.is_none());
    assert!(matches!(
        restore(dir.join("nothing"), dir.join("x"), false),
        Err(StoreError::Backup(_))
    ));
}

/// Group commit: writes from many games at once share flushes (fewer batches than writes),
/// each caller is answered with its own result, and every acknowledged move is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_writes_share_flushes_and_each_is_answered() {
    let dir = TempDir::new("group");
    let s = Store::open(dir.path()).unwrap();
    let rules = Rules::standard(Variant::Duel);
    let (red, blue, g) = random_game(rules, 5, 20);
    let moves: Vec<Move> = g.moves().collect();
    let seats = ByColor::new(seat(&pid("key:a"), "ann"), seat(&pid("key:b"), "bob"));
    for id in 1..=100 {
        s.live()
            .save(&live(
                id,
                terms(Variant::Duel, false),
                seats.clone(),
                &red,
                &blue,
            ))
            .await
            .unwrap();
    }
    let before = s.write_stats();
    let mut set = tokio::task::JoinSet::new();
    for id in 1..=100u64 {
        let (live, moves) = (s.live(), moves.clone());
        set.spawn(async move {
            for (mv, ply) in moves.into_iter().zip(1..) {
                live.append_move(id, ply, mv, None).await.unwrap();
            }
            // A move that does not follow a stored one is refused, alone.
            assert!(matches!(
                live.append_move(id, 99, moves_first(), None).await,
                Err(StoreError::Invalid(_))
            ));
        });
    }
    fn moves_first() -> Move {
        Move::new("A4".parse().unwrap(), "A5".parse().unwrap())
    }
    while let Some(r) = set.join_next().await {
        r.unwrap();
    }
    let stats = s.write_stats().since(&before);
    let writes = 100 * (moves.len() as u64 + 1);
    assert_eq!(stats.writes, writes);
    assert!(
        stats.batches < writes,
        "{} writes in {} flushes",
        stats.writes,
        stats.batches
    );
    assert!(stats.largest_batch > 1);
    drop(s);
    let s = Store::open(dir.path()).unwrap();
    for id in 1..=100 {
        assert_eq!(s.live().get(id).unwrap().unwrap().moves, moves);
    }
}

/// Opens the sled database under a closed store directly (what an older version, or
/// damage, leaves behind), waiting for the closed store's lock to go.
fn raw_sled(dir: &Path) -> sled::Db {
    for _ in 0..100 {
        if let Ok(db) = sled::open(dir) {
            return db;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the database could not be opened directly");
}

/// Look-alikes are found through the nick-skeleton index: a new nick, a rename (the new
/// nick and the old one, reserved, both count), and not one's own nick or the same nick.
#[tokio::test]
async fn look_alikes_are_found_through_the_index_after_claims_and_renames() {
    let dir = TempDir::new("look-alike");
    let s = Store::open(dir.path()).unwrap();
    let u = s.users();
    let (a, b) = (pid("key:SHA256:a"), pid("key:SHA256:b"));
    u.claim_nick("alice", &a).await.unwrap();
    assert_eq!(u.look_alike("AIice", &b).unwrap(), Some("alice".into()));
    assert_eq!(u.look_alike("a1ice", &b).unwrap(), Some("alice".into()));
    assert_eq!(
        u.look_alike("alice", &b).unwrap(),
        None,
        "the same nick: the claim's business"
    );
    assert_eq!(u.look_alike("AIice", &a).unwrap(), None, "one's own nick");
    assert_eq!(u.look_alike("bob", &b).unwrap(), None);

    // A rename: the new nick is indexed, the old one (reserved) still counts.
    u.rename(&a, "Zoe", true).await.unwrap();
    assert_eq!(u.look_alike("Z0e", &b).unwrap(), Some("Zoe".into()));
    assert_eq!(u.look_alike("a-lice", &b).unwrap(), Some("alice".into()));
    assert_eq!(u.look_alike("Z0e", &a).unwrap(), None);
    drop((u, s));

    // Across a restart, the index is still there.
    let s = Store::open(dir.path()).unwrap();
    assert_eq!(
        s.users().look_alike("z_oe", &b).unwrap(),
        Some("Zoe".into())
    );
}

/// The look-alike check reads only the nicks of the same skeleton, not every user: a
/// damaged record of an unrelated nick does not stop other players from registering (a
/// full scan of every user failed on it).
#[tokio::test]
async fn the_look_alike_check_reads_only_the_nicks_that_look_alike() {
    let dir = TempDir::new("look-alike-damaged");
    {
        let s = Store::open(dir.path()).unwrap();
        s.users()
            .claim_nick("alice", &pid("key:SHA256:a"))
            .await
            .unwrap();
        s.flush().await.unwrap();
    }
    {
        let db = raw_sled(dir.path());
        db.open_tree("users")
            .unwrap()
            .insert("zed", &b"not a user record"[..])
            .unwrap();
        db.flush().unwrap();
    }
    let s = Store::open(dir.path()).unwrap();
    let b = pid("key:SHA256:b");
    assert_eq!(s.users().look_alike("bob", &b), Ok(None));
    assert_eq!(s.users().look_alike("AIice", &b), Ok(Some("alice".into())));
    assert_eq!(
        s.users().claim_nick("bob", &b).await.unwrap(),
        ClaimResult::Granted
    );
}

/// A store written before the index (schema 1: users, no `nick_skeletons`) gets the index
/// built when it is opened, and is marked schema 2.
#[tokio::test]
async fn a_store_without_the_index_gets_it_built_when_opened() {
    let dir = TempDir::new("look-alike-migrate");
    {
        let s = Store::open(dir.path()).unwrap();
        s.users()
            .claim_nick("alice", &pid("key:SHA256:a"))
            .await
            .unwrap();
        s.users()
            .claim_nick("Bob", &pid("key:SHA256:b"))
            .await
            .unwrap();
        s.flush().await.unwrap();
    }
    {
        // As schema 1 left it.
        let db = raw_sled(dir.path());
        db.drop_tree("nick_skeletons").unwrap();
        db.open_tree("meta")
            .unwrap()
            .insert("schema", &br#"{"v":1,"schema":1}"#[..])
            .unwrap();
        db.flush().unwrap();
    }
    let s = Store::open(dir.path()).unwrap();
    let c = pid("key:SHA256:c");
    assert_eq!(
        s.users().look_alike("AIice", &c).unwrap(),
        Some("alice".into())
    );
    assert_eq!(s.users().look_alike("b0b", &c).unwrap(), Some("Bob".into()));
    drop(s);
    let db = raw_sled(dir.path());
    let schema = db
        .open_tree("meta")
        .unwrap()
        .get("schema")
        .unwrap()
        .unwrap();
    // Upgraded to today's layout (3: the `web` tree, made empty when opened; 5: the
    // `notes` tree, likewise; 6: the `analysis` tree, likewise).
    assert!(
        String::from_utf8_lossy(&schema)
            .contains(&format!(r#""schema":{}"#, stratego_ssh::store::SCHEMA)),
        "{:?}",
        String::from_utf8_lossy(&schema)
    );
    assert_eq!(stratego_ssh::store::SCHEMA, 6);
}
