// The node test environment with the host realm's typed arrays. onnxruntime-node (the text detector)
// creates its output tensors in the host realm and checks them with `instanceof Float32Array`; in
// jest's sandbox that global is another realm's constructor and every check fails. Production code
// runs in one realm and needs none of this.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = ['Float32Array', 'Float64Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array', 'ArrayBuffer'];

class HostTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
  }
}

module.exports = HostTypedArraysEnvironment;
