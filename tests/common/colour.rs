//! Colour science for the colour tests (the screens' `tests/ui_colour.rs`, the board's
//! `tests/web_play_colour.rs`): colour-vision deficiencies simulated (Machado, Oliveira and
//! Fernandes 2009), CIE L*a*b*, CIEDE2000, and WCAG 2 contrast.

#![allow(dead_code)]

/// The least CIEDE2000 difference between two colours that tell states apart, for normal
/// vision and simulated protanopia and deuteranopia. 20 is well above a just noticeable
/// difference (about 1 to 2) and above what tells two colours apart at a glance on a
/// terminal's small cells (about 10).
pub const MIN_DELTA_E: f64 = 20.0;

/// Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
pub const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
pub const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
pub const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

pub fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The colour as seen with deficiency `m`, in CIE L*a*b* (D65).
pub fn lab(c: [u8; 3], m: &[[f64; 3]; 3]) -> [f64; 3] {
    let l = c.map(linear);
    let s: Vec<f64> = (0..3)
        .map(|i| (0..3).map(|j| m[i][j] * l[j]).sum::<f64>().clamp(0.0, 1.0))
        .collect();
    let x = 0.4124564 * s[0] + 0.3575761 * s[1] + 0.1804375 * s[2];
    let y = 0.2126729 * s[0] + 0.7151522 * s[1] + 0.0721750 * s[2];
    let z = 0.0193339 * s[0] + 0.1191920 * s[1] + 0.9503041 * s[2];
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 (Sharma, Wu and Dalal 2005).
pub fn delta_e(p: [f64; 3], q: [f64; 3]) -> f64 {
    let [l1, a1, b1] = p;
    let [l2, a2, b2] = q;
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p <= h1p {
        h2p - h1p + 360.0
    } else {
        h2p - h1p - 360.0
    };
    let dhh = 2.0 * (c1p * c2p).sqrt() * (dh.to_radians() / 2.0).sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let h_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (cp_bar.powi(7) / (cp_bar.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cp_bar;
    let sh = 1.0 + 0.015 * cp_bar * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh))
        .sqrt()
}

/// The WCAG 2 contrast ratio of two colours as seen with deficiency `m`.
pub fn contrast(p: [u8; 3], q: [u8; 3], m: &[[f64; 3]; 3]) -> f64 {
    let lum = |c: [u8; 3]| {
        let l = c.map(linear);
        (0..3)
            .map(|i| {
                let s = (0..3).map(|j| m[i][j] * l[j]).sum::<f64>().clamp(0.0, 1.0);
                [0.2126, 0.7152, 0.0722][i] * s
            })
            .sum::<f64>()
    };
    let (a, b) = (lum(p), lum(q));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}
