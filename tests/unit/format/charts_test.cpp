#include "pgnkit/format/charts.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <vector>

using namespace pgnkit::app;

namespace {

std::size_t count(const std::string& hay, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = hay.find(needle); at != std::string::npos;
         at = hay.find(needle, at + needle.size()))
        ++n;
    return n;
}

} // namespace

TEST_CASE("charts: a chart carries exactly the numbers it draws", "[charts]") {
    html::Chart c;
    c.table = "results";
    c.title = "Results <1>";
    c.labels = {"1-0", "<draw>", "0-1"};
    c.series.push_back({"games", {"12", "0", "+3.5"}, "#123456", {}});
    std::string out = html::render_chart(c);
    CHECK(out.find("data-table=\"results\"") != std::string::npos);
    CHECK(out.find("data-values=\"[12,0,3.5]\"") != std::string::npos);
    CHECK(out.find("Results &lt;1&gt;") != std::string::npos);
    CHECK(out.find("<draw>") == std::string::npos);
    CHECK(count(out, "<rect") == 3);

    c.columns = true;
    c.series.push_back({"other", {"1", "", "2"}, "#654321", {}});
    out = html::render_chart(c);
    CHECK(out.find("data-values=\"[1,null,2]\"") != std::string::npos);
    CHECK(count(out, "<rect") == 6);
    CHECK(out.find("class=\"legend\"") != std::string::npos);

    html::Chart empty;
    empty.table = "dates";
    empty.series.push_back({"games", {}, "#000", {}});
    CHECK(html::render_chart(empty).find("data-values=\"[]\"") != std::string::npos);
}

TEST_CASE("charts: histogram bin labels are rotated or thinned so that they never overlap",
          "[charts]") {
    auto labels_of = [](const std::string& svg) {
        std::vector<double> xs;
        const std::size_t g = svg.find("<g class=\"axis-labels\"");
        for (std::size_t at = svg.find("<text x=\"", g); at != std::string::npos;
             at = svg.find("<text x=\"", at + 1))
            xs.push_back(std::stod(svg.substr(at + 9)));
        return xs;
    };
    html::Chart c;
    c.table = "ratings";
    c.columns = true;
    html::ChartSeries s{"white", {}, "#000", {}};
    // Twelve Elo bins: "1000-1099" is wider than a twelfth of the plot, so they are rotated.
    for (int i = 0; i < 12; ++i) {
        c.labels.push_back(fmt::format("{}-{}", 1000 + 100 * i, 1099 + 100 * i));
        s.values.push_back("1");
    }
    c.series = {s};
    std::string out = html::render_chart(c);
    CHECK(labels_of(out).size() == 12);
    CHECK(count(out, "transform=\"rotate(-50 ") == 12);
    // Five short labels fit level.
    c.labels.resize(5);
    c.series[0].values.resize(5);
    out = html::render_chart(c);
    CHECK(count(out, "rotate(") == 0);
    // 300 years: every k-th label, at least a line of text apart along the rotated baseline.
    c.labels.clear();
    c.series[0].values.clear();
    for (int y = 1700; y < 2000; ++y) {
        c.labels.push_back(fmt::format("{}", y));
        c.series[0].values.push_back("1");
    }
    out = html::render_chart(c);
    auto xs = labels_of(out);
    REQUIRE(xs.size() >= 10);
    CHECK(xs.size() < 40);
    for (std::size_t i = 1; i < xs.size(); ++i) CHECK((xs[i] - xs[i - 1]) * 0.766 >= 14);
}
