// The node test environment with a temporary folder of each test file's own (TMPDIR, which
// os.tmpdir() reads from the real process, hence here and not in a setup file): the upload files
// a test counts (upload-admission.api.spec.ts) are then its own, not those of the test files
// that CI runs beside it. Removed when the file's tests end.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

class OwnTempDirEnvironment extends TestEnvironment {
  constructor(config, context) {
    const previous = process.env.TMPDIR;
    const dir = mkdtempSync(join(tmpdir(), 'wildframe-photos-test-'));
    process.env.TMPDIR = dir;
    super(config, context);
    this.tempDir = dir;
    this.previousTempDir = previous;
  }

  async teardown() {
    await super.teardown();
    if (this.previousTempDir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = this.previousTempDir;
    rmSync(this.tempDir, { recursive: true, force: true });
  }
}

module.exports = OwnTempDirEnvironment;
