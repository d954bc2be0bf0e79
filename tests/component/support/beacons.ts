/**
 * `navigator.sendBeacon`, which jsdom has not: each beacon the page sends is kept, with its type and its
 * body as JSON, and delivered (true), as a browser queues it.
 */
export interface Beacon {
  url: string;
  type: string;
  body: unknown;
}

const sent: {url: string; data: Blob}[] = [];

export function installBeacons(): void {
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      sent.push({url, data});
      return true;
    },
  });
}

/** The beacons sent since the test began, oldest first. */
export const beaconsSent = (): Promise<Beacon[]> =>
  Promise.all(sent.map(async ({url, data}) => ({url, type: data.type, body: JSON.parse(await data.text()) as unknown})));

export function resetBeacons(): void {
  sent.length = 0;
}
