//! `ssh host web-login` and `ssh host web-sessions`: a key holder signs a browser in with a
//! one-time link, and lists or ends the browsers signed in.

use super::commands::Output;
use crate::i18n::Lang;
use crate::proto::PlayerId;
use crate::service::Service;
use crate::t;

/// `web-login` or `web-sessions [end N|all]` for the key holder `who` (its nick `nick`;
/// empty for a key that holds none: its `web-login` link links the key to the account of
/// the browser that opens it);
/// `links`: the web pages' address (`None`: the web is off).
pub async fn run(
    service: &Service,
    words: &[&str],
    who: &PlayerId,
    nick: &str,
    links: Option<&str>,
    lang: Lang,
) -> Output {
    let say = |id: &str| format!("{}\n", crate::i18n::tr(lang, id));
    match words {
        ["web-login"] => {
            let Some(base) = links else {
                return (say("exec-web-off"), 1);
            };
            match service.web_link(who).await {
                Ok(code) if nick.is_empty() => {
                    let minutes = crate::store::LINK_SECS / 60;
                    let link = format!("{base}/login/{code}");
                    tracing::info!("web link for a key with no nick issued");
                    (
                        format!(
                            "{}\n",
                            t!(lang, "exec-web-link-key", link = link, minutes = minutes)
                        ),
                        0,
                    )
                }
                Ok(code) => {
                    let minutes = crate::store::LINK_SECS / 60;
                    let link = format!("{base}/login/{code}");
                    tracing::info!("web sign-in link issued");
                    (
                        format!(
                            "{}\n",
                            t!(
                                lang,
                                "exec-web-login",
                                nick = nick,
                                link = link,
                                minutes = minutes
                            )
                        ),
                        0,
                    )
                }
                Err(e) => (
                    format!("{}\n", t!(lang, "exec-web-failed", error = e.to_string())),
                    1,
                ),
            }
        }
        ["web-sessions"] => match service.web_sessions(who).await {
            Ok(list) if list.is_empty() => (say("exec-web-none"), 0),
            Ok(list) => {
                let mut out = String::new();
                for (i, s) in list.iter().enumerate() {
                    out.push_str(&t!(
                        lang,
                        "exec-web-session",
                        n = i + 1,
                        since = crate::ui::utc_datetime(s.since),
                        until = crate::ui::utc_datetime(s.until),
                        agent = s.agent.clone()
                    ));
                    out.push('\n');
                }
                out.push_str(&say("exec-web-end-how"));
                (out, 0)
            }
            Err(e) => (
                format!("{}\n", t!(lang, "exec-web-failed", error = e.to_string())),
                1,
            ),
        },
        ["web-sessions", "end", which] => {
            let which = match *which {
                "all" => None,
                n => match n.parse::<usize>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => return (say("exec-web-usage"), 2),
                },
            };
            match service.end_web_sessions(who, which).await {
                Ok(0) => (say("exec-web-ended-none"), 1),
                Ok(n) => {
                    tracing::info!(ended = n, "web sessions ended");
                    (format!("{}\n", t!(lang, "exec-web-ended", count = n)), 0)
                }
                Err(e) => (
                    format!("{}\n", t!(lang, "exec-web-failed", error = e.to_string())),
                    1,
                ),
            }
        }
        _ => (say("exec-web-usage"), 2),
    }
}
