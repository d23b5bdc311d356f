import { describe, expect, it } from 'vitest';
import { loadConfig } from './load';

describe('caches, realtime and client reports', () => {
  it('reads the client reports per address and their retention, and refuses a retention of 0 days', () => {
    const config = loadConfig({
      CLIENT_REPORTS_PER_ADDRESS: '5',
      CLIENT_REPORT_RETENTION_DAYS: '7',
    });
    expect(config.security.rateLimits.clientReportsPerAddress).toBe(5);
    expect(config.clientReports).toEqual({ retentionDays: 7 });
    expect(loadConfig({}).clientReports).toEqual({ retentionDays: 30 });
    expect(() => loadConfig({ CLIENT_REPORT_RETENTION_DAYS: '0' })).toThrow(
      /CLIENT_REPORT_RETENTION_DAYS/,
    );
  });
});
