/** The value of one sample (`name{labels} value`) in a Prometheus text answer; 0 when absent. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [, labelText = "", value = "0"] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
    if (Object.entries(labels).every(([key, wanted]) => labelText.includes(`${key}="${wanted}"`))) return Number(value);
  }
  return 0;
}
