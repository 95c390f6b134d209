// `helm test`: the gateway is ready and answers API calls that go through it to the services.
// Runs with `node -e` in the gateway image (Node's fetch); GATEWAY_URL is the gateway's Service.
const base = process.env.GATEWAY_URL;
const checks = [
  ['the gateway is ready', '/api/health/ready', (status) => status === 200],
  ['the plans (billing, through the gateway)', '/api/plans', (status, body) => status === 200 && Array.isArray(body.plans) && body.plans.length > 0],
  ['the gallery (photos and its database, through the gateway)', '/api/photos', (status, body) => status === 200 && Array.isArray(body.photos)],
];

async function main() {
  let failed = 0;
  for (const [what, path, ok] of checks) {
    let line;
    try {
      const response = await fetch(base + path, { signal: AbortSignal.timeout(10000) });
      const text = await response.text();
      let body = {};
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the check below fails with the text shown
      }
      const passed = ok(response.status, body);
      if (!passed) failed += 1;
      line = `${passed ? 'ok  ' : 'FAIL'} ${what}: GET ${path} answered ${response.status}${passed ? '' : ` ${text.slice(0, 300)}`}`;
    } catch (error) {
      failed += 1;
      line = `FAIL ${what}: GET ${path}: ${error.message}`;
    }
    console.log(line);
  }
  process.exit(failed ? 1 : 0);
}

void main();
