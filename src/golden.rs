//! Golden-section search for the minimum of a unimodal function of one
//! positive parameter, searched on its logarithm (the scales fitted here
//! span orders of magnitude): the tuner's K and the cube's logistic scale.

/// The `x` in `[lo, hi]` (both positive) that minimises `f`, after
/// `rounds` narrowings of the bracket on `ln x`.
pub fn minimise_on_log(lo: f64, hi: f64, rounds: usize, f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (lo.ln(), hi.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let g = |x: f64| f(x.exp());
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let (mut gc, mut gd) = (g(c), g(d));
    for _ in 0..rounds {
        if gc < gd {
            b = d;
            d = c;
            gd = gc;
            c = b - phi * (b - a);
            gc = g(c);
        } else {
            a = c;
            c = d;
            gc = gd;
            d = a + phi * (b - a);
            gd = g(d);
        }
    }
    ((a + b) / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_minimum_of_a_parabola_in_the_log() {
        let x = minimise_on_log(1e-3, 1e3, 60, |x: f64| (x.ln() - 2f64.ln()).powi(2));
        assert!((x - 2.0).abs() < 1e-6, "{x}");
    }
}
