use super::{Entrant, Pairing, Pid};
pub fn swiss_round(players: &[Entrant], _played: &[Pairing]) -> Vec<(Pid, Option<Pid>)> {
    let mut out = Vec::new();
    let mut it = players.iter();
    while let Some(a) = it.next() {
        out.push((a.pid.clone(), it.next().map(|b| b.pid.clone())));
    }
    out
}
