import { describe, expect, it } from 'vitest';
import { awaitsConsent, canSync, connectionOf, connectLabel, sourceSyncing } from '@/pages/data-sources/connection';

describe('connectionOf', () => {
  it('should place each connector status, a failed sync still being connected', () => {
    expect(['pending', 'Connected', 'processing', 'failed', 'Connection failed', 'Disconnected'].map((status) => connectionOf('slack', status))).toEqual([
      'awaiting',
      'connected',
      'connected',
      'connected',
      'refused',
      'disconnected',
    ]);
  });

  it('should have no connection for websites and files', () => {
    expect(connectionOf('website', 'pending')).toBeUndefined();
    expect(connectionOf('file', 'active')).toBeUndefined();
  });
});

describe('canSync', () => {
  it('should allow a sync of a connector only while it is connected, as the API does', () => {
    expect(['pending', 'Connected', 'processing', 'failed', 'Connection failed', 'Disconnected'].map((status) => canSync('google_drive', status))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(canSync('website', 'pending')).toBe(true);
  });
});

describe('connectLabel', () => {
  it('should connect first, reconnect after a refusal or a disconnect, and offer no link while connected', () => {
    expect(connectLabel('awaiting')).toBe('Connect');
    expect(connectLabel('refused')).toBe('Reconnect');
    expect(connectLabel('disconnected')).toBe('Reconnect');
    expect(connectLabel('connected')).toBeUndefined();
  });
});

describe('awaitsConsent and sourceSyncing', () => {
  it('should not take a connector waiting for its consent for a queued sync', () => {
    expect(awaitsConsent('confluence', 'pending')).toBe(true);
    expect(sourceSyncing('confluence', 'pending')).toBe(false);
    expect(sourceSyncing('confluence', 'processing')).toBe(true);
    expect(sourceSyncing('website', 'pending')).toBe(true);
  });

  it('should treat a pending source of unknown type as queued', () => {
    expect(awaitsConsent(undefined, 'pending')).toBe(false);
    expect(sourceSyncing(undefined, 'pending')).toBe(true);
  });
});
