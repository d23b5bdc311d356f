import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddressOf, requestAddressKey } from './client-address';

/** A raw request from `remote` with an X-Forwarded-For of `forwarded`. */
function request(remote: string, forwarded?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remote });
  const message = new IncomingMessage(socket);
  message.headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  return message;
}

describe('the key a client address is counted under', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of a /64 as one, whatever its spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd:0:0:9',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::7%eth0',
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps what is no address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('')).toBe('');
  });

  it('is the key of Fastify’s request.ip and of a raw request under TRUST_PROXY alike', () => {
    expect(requestAddressKey({ ip: '2001:db8:9:9::abc' })).toBe('2001:db8:9:9::/64');
    expect(requestAddressKey({ ip: '::ffff:198.51.100.1' })).toBe('198.51.100.1');
    const behindProxy = clientAddressOf(['loopback']);
    expect(behindProxy(request('127.0.0.1', '2001:db8:9:9::1, 10.0.0.1'))).toBe('10.0.0.1');
    expect(behindProxy(request('::ffff:127.0.0.1', '2001:db8:9:9::1'))).toBe('2001:db8:9:9::/64');
    expect(behindProxy(request('::ffff:127.0.0.1', '::ffff:198.51.100.2'))).toBe('198.51.100.2');
    // An untrusted hop's header is not read.
    const direct = clientAddressOf(false);
    expect(direct(request('2001:db8:5:5::8', '198.51.100.3'))).toBe('2001:db8:5:5::/64');
  });
});
