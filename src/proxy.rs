//! The PROXY protocol header a TCP balancer (HAProxy's `send-proxy-v2`, nginx stream's
//! `proxy_protocol on`) puts before a client's bytes, so that bans and budgets count the
//! client's address, not the balancer's. Version 2 (binary) and version 1 (text) are read;
//! the reader takes exactly the header's bytes and nothing of what follows (the SSH
//! identification or the HTTP request).
//!
//! Spec: <https://www.haproxy.org/download/2.9/doc/proxy-protocol.txt>.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt};

/// Version 2's signature: the first 12 bytes.
const V2_SIG: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
/// Version 1's longest line, CRLF included (the spec's 107).
const V1_MAX: usize = 107;
/// Version 2's longest address block read (addresses and TLVs); longer is refused.
const V2_MAX: usize = 1024;

/// Why a connection's header was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum ProxyError {
    /// The first bytes are not a PROXY header (a client straight to the port).
    Missing,
    /// A PROXY header that breaks the spec.
    Malformed(&'static str),
    /// Nothing complete within the time.
    Timeout,
    /// The connection closed or failed first.
    Closed,
}

impl std::fmt::Display for ProxyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProxyError::Missing => write!(f, "no PROXY protocol header"),
            ProxyError::Malformed(why) => write!(f, "malformed PROXY protocol header: {why}"),
            ProxyError::Timeout => write!(f, "no PROXY protocol header in time"),
            ProxyError::Closed => write!(f, "closed before a PROXY protocol header"),
        }
    }
}

/// Reads the header within `within`. `Ok(Some(addr))`: the client's address and port;
/// `Ok(None)`: the balancer speaks for itself (v2 `LOCAL`, v1 `UNKNOWN`, a health check):
/// the connection's own address stands.
pub async fn read_header<S: AsyncRead + Unpin>(
    stream: &mut S,
    within: Duration,
) -> Result<Option<SocketAddr>, ProxyError> {
    tokio::time::timeout(within, read(stream))
        .await
        .map_err(|_| ProxyError::Timeout)?
}

async fn read<S: AsyncRead + Unpin>(s: &mut S) -> Result<Option<SocketAddr>, ProxyError> {
    let mut head = [0u8; 5];
    fill(s, &mut head).await?;
    if &head == b"PROXY" {
        // Version 1: the rest of one line, byte by byte (nothing past it may be taken).
        let mut line = head.to_vec();
        while !line.ends_with(b"\r\n") {
            if line.len() >= V1_MAX {
                return Err(ProxyError::Malformed("a version 1 line past 107 bytes"));
            }
            let mut b = [0u8; 1];
            fill(s, &mut b).await?;
            line.push(b[0]);
        }
        return parse_v1(&line);
    }
    if head[..] != V2_SIG[..5] {
        return Err(ProxyError::Missing);
    }
    let mut rest = [0u8; 11];
    fill(s, &mut rest).await?;
    if rest[..7] != V2_SIG[5..] {
        return Err(ProxyError::Missing);
    }
    let (ver_cmd, fam) = (rest[7], rest[8]);
    let len = u16::from_be_bytes([rest[9], rest[10]]) as usize;
    if ver_cmd >> 4 != 2 {
        return Err(ProxyError::Malformed("not version 2"));
    }
    if len > V2_MAX {
        return Err(ProxyError::Malformed("an address block past 1024 bytes"));
    }
    let mut block = vec![0u8; len];
    fill(s, &mut block).await?;
    match ver_cmd & 0x0f {
        0 => Ok(None),
        1 => parse_v2(fam, &block),
        _ => Err(ProxyError::Malformed("an unknown command")),
    }
}

/// Version 2's addresses: TCP over IPv4 or IPv6 give the source; other families (UNIX,
/// UDP, unspecified) leave the connection's own address.
fn parse_v2(fam: u8, block: &[u8]) -> Result<Option<SocketAddr>, ProxyError> {
    let port = |b: &[u8]| u16::from_be_bytes([b[0], b[1]]);
    match fam {
        0x11 => {
            if block.len() < 12 {
                return Err(ProxyError::Malformed("a short IPv4 address block"));
            }
            let ip = Ipv4Addr::new(block[0], block[1], block[2], block[3]);
            Ok(Some(SocketAddr::new(IpAddr::V4(ip), port(&block[8..10]))))
        }
        0x21 => {
            if block.len() < 36 {
                return Err(ProxyError::Malformed("a short IPv6 address block"));
            }
            let mut a = [0u8; 16];
            a.copy_from_slice(&block[..16]);
            let ip = Ipv6Addr::from(a);
            Ok(Some(SocketAddr::new(IpAddr::V6(ip), port(&block[32..34]))))
        }
        _ => Ok(None),
    }
}

/// Version 1: `PROXY TCP4|TCP6 SRC DST SPORT DPORT\r\n` or `PROXY UNKNOWN...\r\n`.
fn parse_v1(line: &[u8]) -> Result<Option<SocketAddr>, ProxyError> {
    let text = std::str::from_utf8(&line[..line.len() - 2])
        .map_err(|_| ProxyError::Malformed("a version 1 line not in ASCII"))?;
    let fields: Vec<&str> = text.split(' ').collect();
    match fields.get(1).copied() {
        Some("UNKNOWN") => Ok(None),
        Some(proto @ ("TCP4" | "TCP6")) => {
            let [_, _, src, _dst, sport, _dport] = fields[..] else {
                return Err(ProxyError::Malformed("a version 1 line without six fields"));
            };
            let ip: IpAddr = src
                .parse()
                .map_err(|_| ProxyError::Malformed("a version 1 source address"))?;
            if ip.is_ipv4() != (proto == "TCP4") {
                return Err(ProxyError::Malformed(
                    "a version 1 address of the other family",
                ));
            }
            let port: u16 = sport
                .parse()
                .map_err(|_| ProxyError::Malformed("a version 1 source port"))?;
            Ok(Some(SocketAddr::new(ip, port)))
        }
        _ => Err(ProxyError::Malformed("a version 1 protocol")),
    }
}

async fn fill<S: AsyncRead + Unpin>(s: &mut S, buf: &mut [u8]) -> Result<(), ProxyError> {
    s.read_exact(buf)
        .await
        .map(|_| ())
        .map_err(|_| ProxyError::Closed)
}

/// A version 2 header for `src` to `dst` (TCP; both of one family, else IPv6 with the IPv4
/// one mapped): what a balancer sends, for tests and the load tools.
pub fn v2_header(src: SocketAddr, dst: SocketAddr) -> Vec<u8> {
    let mut h = V2_SIG.to_vec();
    h.push(0x21);
    match (src.ip(), dst.ip()) {
        (IpAddr::V4(s), IpAddr::V4(d)) => {
            h.push(0x11);
            h.extend_from_slice(&12u16.to_be_bytes());
            h.extend_from_slice(&s.octets());
            h.extend_from_slice(&d.octets());
        }
        (s, d) => {
            let six = |ip: IpAddr| match ip {
                IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                IpAddr::V6(v6) => v6,
            };
            h.push(0x21);
            h.extend_from_slice(&36u16.to_be_bytes());
            h.extend_from_slice(&six(s).octets());
            h.extend_from_slice(&six(d).octets());
        }
    }
    h.extend_from_slice(&src.port().to_be_bytes());
    h.extend_from_slice(&dst.port().to_be_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn header(bytes: &[u8]) -> (Result<Option<SocketAddr>, ProxyError>, Vec<u8>) {
        let mut r = bytes;
        let got = read_header(&mut r, Duration::from_secs(1)).await;
        (got, r.to_vec())
    }

    #[tokio::test]
    async fn version_2_gives_the_source_and_leaves_the_client_s_bytes() {
        let src: SocketAddr = "203.0.113.7:40000".parse().unwrap();
        let dst: SocketAddr = "10.0.0.1:2222".parse().unwrap();
        let mut bytes = v2_header(src, dst);
        bytes.extend_from_slice(b"SSH-2.0-client\r\n");
        assert_eq!(
            header(&bytes).await,
            (Ok(Some(src)), b"SSH-2.0-client\r\n".to_vec())
        );
        let src6: SocketAddr = "[2001:db8::7]:5".parse().unwrap();
        let mut bytes = v2_header(src6, "[2001:db8::1]:2222".parse().unwrap());
        bytes.extend_from_slice(b"GET /");
        assert_eq!(header(&bytes).await, (Ok(Some(src6)), b"GET /".to_vec()));
    }

    #[tokio::test]
    async fn version_2_local_and_other_families_leave_the_connection_s_address() {
        let mut local = V2_SIG.to_vec();
        local.extend_from_slice(&[0x20, 0x00, 0, 0]);
        assert_eq!(header(&local).await.0, Ok(None));
        let mut unix = V2_SIG.to_vec();
        unix.extend_from_slice(&[0x21, 0x31, 0, 4, 1, 2, 3, 4]);
        assert_eq!(header(&unix).await.0, Ok(None));
    }

    #[tokio::test]
    async fn version_1_lines_are_read() {
        let (got, rest) =
            header(b"PROXY TCP4 198.51.100.9 10.0.0.1 51000 2222\r\nSSH-2.0-x\r\n").await;
        assert_eq!(got, Ok(Some("198.51.100.9:51000".parse().unwrap())));
        assert_eq!(rest, b"SSH-2.0-x\r\n");
        let (got, _) = header(b"PROXY TCP6 2001:db8::9 2001:db8::1 51000 443\r\n").await;
        assert_eq!(got, Ok(Some("[2001:db8::9]:51000".parse().unwrap())));
        assert_eq!(header(b"PROXY UNKNOWN\r\n").await.0, Ok(None));
    }

    #[tokio::test]
    async fn anything_else_is_refused() {
        assert_eq!(
            header(b"SSH-2.0-OpenSSH_9.6\r\n").await.0,
            Err(ProxyError::Missing)
        );
        assert_eq!(
            header(b"GET / HTTP/1.1\r\n").await.0,
            Err(ProxyError::Missing)
        );
        assert_eq!(
            header(b"\r\n\r\n\0\r\nQUIX\n!!!!").await.0,
            Err(ProxyError::Missing)
        );
        assert_eq!(header(b"PRO").await.0, Err(ProxyError::Closed));
        assert!(matches!(
            header(b"PROXY TCP4 1.2.3.4 5.6.7.8 1 2 3\r\n").await.0,
            Err(ProxyError::Malformed(_))
        ));
        assert!(matches!(
            header(b"PROXY TCP4 ::1 ::1 1 2\r\n").await.0,
            Err(ProxyError::Malformed(_))
        ));
        assert!(matches!(
            header(&[b"PROXY ".as_slice(), &[b'x'; 200]].concat())
                .await
                .0,
            Err(ProxyError::Malformed(_))
        ));
        let mut v3 = V2_SIG.to_vec();
        v3.extend_from_slice(&[0x31, 0x11, 0, 12]);
        assert!(matches!(header(&v3).await.0, Err(ProxyError::Malformed(_))));
        let mut long = V2_SIG.to_vec();
        long.extend_from_slice(&[0x21, 0x11, 0xff, 0xff]);
        assert!(matches!(
            header(&long).await.0,
            Err(ProxyError::Malformed(_))
        ));
        let mut short = V2_SIG.to_vec();
        short.extend_from_slice(&[0x21, 0x11, 0, 4, 1, 2, 3, 4]);
        assert!(matches!(
            header(&short).await.0,
            Err(ProxyError::Malformed(_))
        ));
    }

    #[tokio::test]
    async fn a_silent_connection_times_out() {
        let (_keep, mut quiet) = tokio::io::duplex(64);
        let got = read_header(&mut quiet, Duration::from_millis(50)).await;
        assert_eq!(got, Err(ProxyError::Timeout));
    }
}
