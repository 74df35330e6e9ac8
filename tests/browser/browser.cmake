# Browser test of the HTML reports (stats --html, validate --html): headless Chromium renders
# them to PNG (tests/browser/render.sh; installs Debian's chromium if missing, else skips).
find_program(PGNKIT_BROWSER_BASH bash REQUIRED)
add_test(NAME browser.html-reports
         COMMAND ${PGNKIT_BROWSER_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/browser/render.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_CURRENT_BINARY_DIR}/browser)
set_tests_properties(browser.html-reports PROPERTIES LABELS browser TIMEOUT 600
                     SKIP_RETURN_CODE 77)
