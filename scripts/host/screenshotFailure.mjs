// What every screenshot script does when it fails: says why, keeps the page as it was then
// (`<out>-failed.png`, to see what went wrong), and fails the process.
export async function reportScreenshotFailure(error, browser, out) {
  console.error(`screenshot: ${error.message}`);
  if (browser) {
    const failed = out.replace(/(\.png)?$/i, '-failed.png');
    for (const page of browser.contexts().flatMap((c) => c.pages())) await page.screenshot({ path: failed }).catch(() => {});
    console.error(`screenshot: the page at the time of the failure: ${failed}`);
  }
  process.exitCode = 1;
}
