import { describe, expect, it } from 'vitest';
import { formatNumber } from '@/ui/format';
import { isSyncing, progressSummary, secondsLeft, statusLabel, statusTone, type SourceStatus } from '@/pages/data-sources/source-status';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

function status(overrides: Partial<SourceStatus>): SourceStatus {
  return { status: 'processing', progress_pct: 0, chunks_indexed: 0, estimated_completion: null, last_synced_at: null, error: null, ...overrides };
}

describe('isSyncing', () => {
  it('should hold for queued and running sources only', () => {
    expect(['pending', 'processing'].map(isSyncing)).toEqual([true, true]);
    expect(['active', 'failed', 'Connected', 'Disconnected', undefined].map(isSyncing)).toEqual([false, false, false, false, false]);
  });
});

describe('statusTone and statusLabel', () => {
  it('should colour and name each status, connector ones included', () => {
    expect(['active', 'Connected', 'pending', 'processing', 'failed', 'Connection failed', 'Disconnected'].map(statusTone)).toEqual([
      'good',
      'good',
      'info',
      'info',
      'bad',
      'bad',
      'neutral',
    ]);
    expect(['active', 'pending', 'processing', 'failed', 'Connected'].map(statusLabel)).toEqual(['Active', 'Queued', 'Syncing', 'Failed', 'Connected']);
  });
});

describe('secondsLeft', () => {
  it('should count the seconds to the estimated completion, never below zero', () => {
    expect(secondsLeft('2025-03-01T12:03:00.000Z', NOW)).toBe(180);
    expect(secondsLeft('2025-03-01T11:59:00.000Z', NOW)).toBe(0);
  });

  it('should answer null without an estimate', () => {
    expect(secondsLeft(null, NOW)).toBeNull();
    expect(secondsLeft(undefined, NOW)).toBeNull();
    expect(secondsLeft('soon', NOW)).toBeNull();
  });
});

describe('progressSummary', () => {
  it('should give percent, chunks and time left while running', () => {
    expect(progressSummary(status({ progress_pct: 42, chunks_indexed: 7, estimated_completion: '2025-03-01T12:03:00.000Z' }), NOW)).toBe(
      '42% · 7 chunks · about 3 minutes left',
    );
  });

  it('should say when the time left is not known yet', () => {
    expect(progressSummary(status({ progress_pct: 10, chunks_indexed: 1 }), NOW)).toBe('10% · 1 chunk · estimating time left');
    expect(progressSummary(status({ status: 'pending' }), NOW)).toBe('0% · 0 chunks · waiting to start');
  });

  it('should give no time left once the sync is over', () => {
    expect(progressSummary(status({ status: 'active', progress_pct: 100, chunks_indexed: 1280 }), NOW)).toBe(`100% · ${formatNumber(1280)} chunks`);
  });
});
