// What the process tests of the distributed shape share (journey.test.mjs and the others beside
// it): timed steps that stop at the first failure, polls with a deadline, requests through the
// gateway, and queries on a data service's own PostgreSQL database.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';

/**
 * Steps of one journey: each is timed (`durations`), and once one fails the later ones fail at
 * once naming it (`failed()`), instead of running against a broken state.
 */
export function journeySteps() {
  const durations = [];
  let broken;
  function step(name, fn, timeoutMs = 120_000) {
    test(name, { timeout: timeoutMs }, async () => {
      if (broken) throw new Error(`not run: an earlier step failed (${broken})`);
      const started = Date.now();
      try {
        await fn();
      } catch (error) {
        broken = name;
        throw error;
      } finally {
        durations.push([name, Date.now() - started]);
      }
    });
  }
  /** Prints each step's time and the total. */
  function report(title) {
    const total = durations.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`\n${title}, per step:`);
    for (const [name, ms] of durations) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
    console.log(`  ${(total / 1000).toFixed(1).padStart(6)} s  total`);
  }
  return { step, durations, report, failed: () => broken };
}

/** Polls `check` (which throws until satisfied) until it passes or the deadline does. */
export async function eventually(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms: ${error.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Requests through the gateway at `baseUrl()`: `api(method, path, { token, json, form, headers,
 * timeoutMs })` resolves with { status, body } (JSON parsed when it is JSON); `expectStatus` also
 * asserts the status and returns the body.
 */
export function gatewayClient(baseUrl) {
  async function api(method, path, { token, json, form, headers: extra, timeoutMs = 60_000 } = {}) {
    const headers = { ...extra };
    if (token) headers.authorization = `Bearer ${token}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) body = form;
    const res = await fetch(`${baseUrl()}/api${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text itself
    }
    return { status: res.status, body: parsed };
  }
  async function expectStatus(method, path, status, options) {
    const res = await api(method, path, options);
    assert.equal(res.status, status, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  return { api, expectStatus };
}

/** A photo upload through the gateway (multipart, as the web app sends it); resolves with the stored photo. */
export async function uploadPhoto(expectStatus, token, image, title, type = 'image/jpeg', headers = {}) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Seen on a morning walk.');
  form.set('photo', new Blob([image], { type }), type === 'image/webp' ? 'photo.webp' : 'photo.jpg');
  const body = await expectStatus('POST', '/photos/upload', 201, { token, form, headers });
  return body.photo;
}

/** Rows of a query on one data service's own PostgreSQL database of the cluster (`startCluster`). */
export async function queryService(cluster, service, sql, params = []) {
  const client = new pg.Client({ connectionString: cluster.databases[service] });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
