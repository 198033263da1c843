import { expect, test } from 'bun:test';
import { type AnnouncedWallet, discoverWallets } from '../src/lib/wallet-discovery.ts';
import { requestAccount } from '../src/lib/wallet-request.ts';

const ICON = 'data:image/svg+xml,<svg/>';
const provider = { request: async () => ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] };

test('discovers wallets that announce before and after the request (EIP-6963)', () => {
  const target = new EventTarget();
  const announce = (uuid: string, icon: string) =>
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid, name: `Wallet ${uuid}`, icon, rdns: `dev.${uuid}` }, provider },
      }),
    );
  target.addEventListener('eip6963:requestProvider', () => announce('a', ICON));
  const found: AnnouncedWallet[] = [];
  const stop = discoverWallets(target, (wallet) => found.push(wallet));
  announce('b', 'https://evil.example/icon.png');
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'c' } } }));
  stop();
  announce('d', ICON);
  expect(found.map((wallet) => wallet.info)).toEqual([
    { uuid: 'a', name: 'Wallet a', icon: ICON, rdns: 'dev.a' },
    { uuid: 'b', name: 'Wallet b', icon: '', rdns: 'dev.b' },
  ]);
});

test('requestAccount asks with eth_requestAccounts and answers checksummed', async () => {
  const methods: string[] = [];
  const address = await requestAccount(
    {
      request: async ({ method }) => {
        methods.push(method);
        return ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'];
      },
    },
    'Test Wallet',
  );
  expect({ methods, address }).toEqual({
    methods: ['eth_requestAccounts'],
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  });
});

test('requestAccount explains a declined connection', async () => {
  const declining = { request: () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })) };
  await expect(requestAccount(declining, 'Test Wallet')).rejects.toThrow('You declined the connection in Test Wallet.');
});
