// Finds a Chromium for the browser tests: $CHROMIUM_PATH (or $CHROME_PATH), then the usual paths.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export function findChromium() {
  for (const v of [process.env.CHROMIUM_PATH, process.env.CHROME_PATH]) {
    if (v && existsSync(v)) return v;
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}
