#include "views/widgets/colour_scale.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace popscope::ColourScale {

namespace {

struct Stop {
    int r, g, b;
};

// Linear interpolation between evenly spaced stops, t in [0, 1].
template <size_t N> QColor interpolate(const std::array<Stop, N>& stops, double t)
{
    if (!std::isfinite(t))
        t = 0;
    const double x = std::clamp(t, 0.0, 1.0) * double(N - 1);
    const size_t i = std::min(size_t(x), N - 2);
    const double f = x - double(i);
    const Stop& a = stops[i];
    const Stop& b = stops[i + 1];
    auto mix = [f](int u, int v) { return int(std::lround(u + (v - u) * f)); };
    return QColor(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
}

// matplotlib's viridis at nine points.
constexpr std::array<Stop, 9> kViridis { { { 0x44, 0x01, 0x54 }, { 0x47, 0x2d, 0x7b }, { 0x3b, 0x52, 0x8b },
    { 0x2c, 0x72, 0x8e }, { 0x21, 0x91, 0x8c }, { 0x28, 0xae, 0x80 }, { 0x5e, 0xc9, 0x62 },
    { 0xad, 0xdc, 0x30 }, { 0xfd, 0xe7, 0x25 } } };

// ColorBrewer's PuOr ends (blue side from RdBu): colour-blind safe.
constexpr std::array<Stop, 5> kBlueOrange { { { 0x21, 0x66, 0xac }, { 0x92, 0xc5, 0xde },
    { 0xf0, 0xf0, 0xf0 }, { 0xfd, 0xb8, 0x63 }, { 0xb3, 0x58, 0x06 } } };

} // namespace

QColor sequential(double t)
{
    return interpolate(kViridis, t);
}

QColor diverging(double t)
{
    return interpolate(kBlueOrange, (std::clamp(std::isfinite(t) ? t : 0.0, -1.0, 1.0) + 1) / 2);
}

} // namespace popscope::ColourScale
