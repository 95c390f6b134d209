#!/usr/bin/env node
// Builds the six service images from docker/Dockerfile under the names the Helm chart pulls,
// <registry>/wildframe-<service>:<tag>, and pushes them with --push:
//
//   npm run images:build -- --registry ghcr.io/acme --tag 0.1.0 [--push]
//
// Options:
//   --registry R      registry and path, e.g. ghcr.io/acme (the chart's image.registry). Required.
//   --tag T           default: the chart's appVersion (charts/wildframe/Chart.yaml), which the
//                     chart pulls when image.tag is empty.
//   --push            push each image after it is built.
//   --services a,b    build only these (default: all six).
//   --platform P      e.g. linux/amd64,linux/arm64: builds with `docker buildx build --platform`
//                     (several platforms need --push: a multi-platform image lives in a registry).
//                     Default: the daemon's own platform, with `docker build`.
//   --node-image I    the base of every stage instead of the official Node image (a mirror of
//                     it, say): any Debian bookworm image with node and npm.
//   --local-base      build on the offline base of `npm run check:images` (debootstrap + this
//                     machine's Node, tools/images/docker.mjs), made if missing, for machines that
//                     cannot pull the official image. Not for images you publish.
//   --dry-run         print the commands, run nothing.
// .github/workflows/release.yml does the same with docker/build-push-action on a version tag.
// Environment: DOCKER (the CLI: docker, or podman, which needs no daemon), DOCKER_HOST,
// WILDFRAME_CACHE (see check-images.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_SERVICES, baseRef, buildArgs, ensureBase, ensureDaemon, pickDockerCli, root, run, stream } from './docker.mjs';

/** Parses the command line; throws an Error with the reason for anything it cannot use. */
export function parseArguments(argv) {
  const options = { push: false, dryRun: false, localBase: false, services: [...ALL_SERVICES], platforms: [] };
  const value = (name, at) => {
    const next = argv[at + 1];
    if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
    return next;
  };
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at];
    if (arg === '--push') options.push = true;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--local-base') options.localBase = true;
    else if (arg === '--registry') options.registry = value(arg, at++);
    else if (arg === '--tag') options.tag = value(arg, at++);
    else if (arg === '--node-image') options.nodeImage = value(arg, at++);
    else if (arg === '--services') options.services = value(arg, at++).split(',').filter(Boolean);
    else if (arg === '--platform') options.platforms = value(arg, at++).split(',').filter(Boolean);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.registry) throw new Error('--registry is required: where the images go, e.g. ghcr.io/acme (the chart\'s image.registry)');
  // A reference is <registry host>[:port]/<path>, lower case, no scheme or trailing slash.
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]+)?(\/[a-z0-9]+([._-][a-z0-9]+)*)*$/.test(options.registry)) {
    throw new Error(`--registry ${options.registry}: give a registry and path such as ghcr.io/acme (lower case, no scheme, no trailing slash)`);
  }
  options.tag ??= chartAppVersion();
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(options.tag)) throw new Error(`--tag ${options.tag} is not a valid image tag`);
  for (const service of options.services) {
    if (!ALL_SERVICES.includes(service)) throw new Error(`--services: '${service}' is not one of ${ALL_SERVICES.join(', ')}`);
  }
  if (options.services.length === 0) throw new Error('--services names no service');
  for (const platform of options.platforms) if (!/^linux\/(amd64|arm64)$/.test(platform)) throw new Error(`--platform ${platform}: linux/amd64 or linux/arm64`);
  if (options.platforms.length > 1 && !options.push) throw new Error('several --platform values need --push: a multi-platform image can only be kept in a registry');
  if (options.localBase && options.platforms.some((p) => p !== 'linux/amd64')) throw new Error('--local-base is linux/amd64 only (it holds this machine\'s Node)');
  if (options.localBase && options.nodeImage) throw new Error('--local-base and --node-image both choose the base: give one');
  return options;
}

/** The chart's appVersion: the tag its default values pull. */
export function chartAppVersion() {
  const match = /^appVersion:\s*"?([^"\s]+)"?\s*$/m.exec(readFileSync(join(root, 'charts/wildframe/Chart.yaml'), 'utf8'));
  if (!match) throw new Error('charts/wildframe/Chart.yaml has no appVersion');
  return match[1];
}

/** The docker commands that build (and push) the images, as [command, args] pairs. */
export function commands(options, { revision = 'unknown', cli = 'docker' } = {}) {
  const out = [];
  for (const service of options.services) {
    const image = `${options.registry}/wildframe-${service}:${options.tag}`;
    const common = buildArgs(cli, {
      service,
      tag: image,
      nodeImage: options.localBase ? baseRef(cli) : options.nodeImage,
      // The local base is for machines that reach the npm registry through the host's network only.
      hostNetwork: options.localBase,
      labels: { 'org.opencontainers.image.title': `wildframe-${service}`, 'org.opencontainers.image.version': options.tag, 'org.opencontainers.image.revision': revision },
    });
    if (options.platforms.length) {
      out.push([cli, ['buildx', 'build', '--platform', options.platforms.join(','), ...common, ...(options.push ? ['--push'] : ['--load']), '.']]);
    } else {
      out.push([cli, ['build', ...common, '.']]);
      if (options.push) out.push([cli, ['push', image]]);
    }
  }
  return out;
}

function gitRevision() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`images:build: ${error.message}`);
    console.error('usage: npm run images:build -- --registry <registry> [--tag <tag>] [--push] [--services a,b] [--platform linux/amd64,linux/arm64] [--node-image <image> | --local-base] [--dry-run]');
    return 2;
  }
  const revision = gitRevision();
  if (options.dryRun) {
    for (const [command, args] of commands(options, { revision, cli: process.env.DOCKER || 'docker' })) console.log([command, ...args].join(' '));
    return 0;
  }
  const cleanups = [];
  try {
    const docker = pickDockerCli();
    await ensureDaemon(docker, cleanups);
    if (options.localBase) await ensureBase(docker);
    const started = Date.now();
    const env = { ...process.env, DOCKER_BUILDKIT: '1' };
    for (const [command, args] of commands(options, { revision, cli: docker })) {
      console.log(`\n$ ${command} ${args.join(' ')}`);
      await stream(command, args, { env });
    }
    const images = options.services.map((s) => `${options.registry}/wildframe-${s}:${options.tag}`);
    if (!options.platforms.length) for (const image of images) run(docker, ['image', 'inspect', '--format', `${image} {{.Size}} bytes`, image]);
    console.log(`\nimages:build: ${images.length} image(s) ${options.push ? 'built and pushed' : 'built'} in ${((Date.now() - started) / 1000).toFixed(0)} s:\n  ${images.join('\n  ')}`);
    console.log(`The chart pulls them with image.registry=${options.registry}${options.tag === chartAppVersion() ? '' : ` and image.tag=${options.tag}`}.`);
    return 0;
  } catch (error) {
    console.error(`images:build: ${error.expected ? error.message : error.stack}`);
    return 1;
  } finally {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(`cleanup: ${error.message}`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
