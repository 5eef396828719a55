/** A browser's user agent as a person names it: "Chrome on Linux", "Safari on iPhone", "curl". */
export function summariseUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) {
    return 'Unknown device';
  }
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (browser && system) {
    return `${browser} on ${system}`;
  }
  return browser ?? system ?? firstProduct(userAgent);
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function browserOf(userAgent: string): string | undefined {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
}

function systemOf(userAgent: string): string | undefined {
  return SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/** Anything else (a script, a tool): its first product token without the version, kept short. */
function firstProduct(userAgent: string): string {
  return userAgent.trim().split(/[\s/]/)[0].slice(0, 40);
}
