/**
 * Multinomial logistic regression (softmax) on standardised features, trained by full-batch
 * gradient descent with Adam and an L2 penalty. Small on purpose: a few hundred training rows,
 * one linear layer, no dependencies; the same code predicts at run time from the saved weights.
 */
export interface SoftmaxModel {
  classes: string[];
  /** Per-feature mean and standard deviation of the training rows (standardisation). */
  mean: number[];
  std: number[];
  /** weights[c][f] and bias[c]. */
  weights: number[][];
  bias: number[];
}

export interface TrainingOptions {
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  iterations: number;
  learningRate: number;
  /** Weight per row (e.g. to balance classes); default 1. */
  rowWeights?: number[];
}

export function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

export function predictProbabilities(model: SoftmaxModel, features: readonly number[]): number[] {
  if (features.length !== model.mean.length) throw new Error(`expected ${model.mean.length} features, got ${features.length}`);
  const logits = model.weights.map((w, c) => {
    let z = model.bias[c] ?? 0;
    for (let f = 0; f < w.length; f++) z += (w[f] ?? 0) * (((features[f] ?? 0) - (model.mean[f] ?? 0)) / (model.std[f] || 1));
    return z;
  });
  return softmax(logits);
}

export function trainSoftmax(rows: readonly number[][], labels: readonly number[], classes: string[], options: TrainingOptions): SoftmaxModel {
  const n = rows.length;
  const dims = rows[0]?.length ?? 0;
  const k = classes.length;
  const mean = new Array<number>(dims).fill(0);
  const std = new Array<number>(dims).fill(0);
  for (const row of rows) for (let f = 0; f < dims; f++) mean[f] = (mean[f] ?? 0) + (row[f] ?? 0) / n;
  for (const row of rows) for (let f = 0; f < dims; f++) std[f] = (std[f] ?? 0) + ((row[f] ?? 0) - (mean[f] ?? 0)) ** 2 / n;
  for (let f = 0; f < dims; f++) std[f] = Math.sqrt(std[f] ?? 0) || 1;
  const x = rows.map((row) => Float64Array.from(row, (v, f) => (v - (mean[f] ?? 0)) / (std[f] ?? 1)));
  const rowWeights = options.rowWeights ?? new Array<number>(n).fill(1);
  const totalWeight = rowWeights.reduce((a, b) => a + b, 0);

  const w = Array.from({ length: k }, () => new Float64Array(dims));
  const b = new Float64Array(k);
  // Adam moments.
  const mw = Array.from({ length: k }, () => new Float64Array(dims));
  const vw = Array.from({ length: k }, () => new Float64Array(dims));
  const mb = new Float64Array(k);
  const vb = new Float64Array(k);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const gw = Array.from({ length: k }, () => new Float64Array(dims));
  const gb = new Float64Array(k);
  for (let t = 1; t <= options.iterations; t++) {
    for (let c = 0; c < k; c++) {
      (gw[c] as Float64Array).fill(0);
      gb[c] = 0;
    }
    for (let i = 0; i < n; i++) {
      const xi = x[i] as Float64Array;
      const logits = new Array<number>(k);
      for (let c = 0; c < k; c++) {
        let z = b[c] as number;
        const wc = w[c] as Float64Array;
        for (let f = 0; f < dims; f++) z += (wc[f] as number) * (xi[f] as number);
        logits[c] = z;
      }
      const p = softmax(logits);
      const scale = (rowWeights[i] ?? 1) / totalWeight;
      for (let c = 0; c < k; c++) {
        const err = ((p[c] as number) - (labels[i] === c ? 1 : 0)) * scale;
        if (err === 0) continue;
        const g = gw[c] as Float64Array;
        for (let f = 0; f < dims; f++) g[f] = (g[f] as number) + err * (xi[f] as number);
        gb[c] = (gb[c] as number) + err;
      }
    }
    const lr = options.learningRate;
    for (let c = 0; c < k; c++) {
      const wc = w[c] as Float64Array;
      const g = gw[c] as Float64Array;
      const m = mw[c] as Float64Array;
      const v = vw[c] as Float64Array;
      for (let f = 0; f < dims; f++) {
        const grad = (g[f] as number) + options.l2 * (wc[f] as number);
        m[f] = beta1 * (m[f] as number) + (1 - beta1) * grad;
        v[f] = beta2 * (v[f] as number) + (1 - beta2) * grad * grad;
        wc[f] = (wc[f] as number) - (lr * ((m[f] as number) / (1 - beta1 ** t))) / (Math.sqrt((v[f] as number) / (1 - beta2 ** t)) + eps);
      }
      const grad = gb[c] as number;
      mb[c] = beta1 * (mb[c] as number) + (1 - beta1) * grad;
      vb[c] = beta2 * (vb[c] as number) + (1 - beta2) * grad * grad;
      b[c] = (b[c] as number) - (lr * ((mb[c] as number) / (1 - beta1 ** t))) / (Math.sqrt((vb[c] as number) / (1 - beta2 ** t)) + eps);
    }
  }
  return { classes, mean, std, weights: w.map((wc) => Array.from(wc)), bias: Array.from(b) };
}
