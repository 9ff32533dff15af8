// The athlete profile's dashboard settings (docs/dashboard.md, "Athlete profile" and "Widgets"): layout style,
// widget list, onboarding flag and notification switches.
import { randomBytes } from 'node:crypto';
import type { AthleteProfile, AthleteProfileUpdateRequest, Avatar } from '@stamina/contract';
import {
  DEFAULT_WIDGET_CONFIG,
  type LayoutStyle,
  normalizeWidgetConfig,
  type WidgetConfigItem,
} from '@stamina/core';
import type { Conn, Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { FileNotFoundError, type FileStore } from '../../lib/file-store.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { processAvatar } from './avatar-image.ts';
import * as repo from './repository.ts';

type NotificationPreferences = AthleteProfile['notification_preferences'];

/**
 * docs/dashboard.md, "Athlete profile": every in-app notification is on until the athlete turns it off; the
 * daily e-mail is off until they opt in, and push goes only to browsers they subscribed (docs/notifications.md).
 */
const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = {
  missedSession: true,
  newWeekPlan: true,
  recoveryWarning: true,
  dailyEmail: false,
  pushPlanChanges: true,
  pushMissedKeySession: true,
};

/** The stored switches over the defaults: a key missing or not a boolean keeps its default. */
function preferencesOf(stored: unknown): NotificationPreferences {
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  if (typeof stored !== 'object' || stored === null) return out;
  for (const key of Object.keys(out) as (keyof NotificationPreferences)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/**
 * The list to store: sorted by `order` (ties keep the order sent), the known widgets that were left out
 * appended disabled, so a client that only knows some widgets never loses the others from the settings
 * screen, then renumbered 0, 1, 2… so orders are dense and unique.
 */
function completeWidgetConfig(items: readonly WidgetConfigItem[]): WidgetConfigItem[] {
  const sorted = items.map((item, index) => ({ item, index }));
  sorted.sort((a, b) => a.item.order - b.item.order || a.index - b.index);
  const present = new Set(items.map((item) => item.id));
  const missing = DEFAULT_WIDGET_CONFIG.filter((item) => !present.has(item.id)).map((item) => ({
    ...item,
    enabled: false,
  }));
  return [...sorted.map((s) => s.item), ...missing].map((item, order) => ({ ...item, order }));
}

type TrackedMetrics = AthleteProfile['tracked_metrics'];

/** The API's names of the tracked metrics → the keys stored in athletes.tracked_metrics. */
const TRACKED_KEYS: Record<keyof TrackedMetrics, string> = {
  heart_rate: 'heartRate',
  pace: 'pace',
  power: 'power',
  hrv: 'hrv',
  sleep: 'sleep',
  fatigue: 'fatigue',
  rpe: 'rpe',
};

/** The stored toggles; every metric is tracked until the athlete turns it off. */
function trackedMetricsOf(stored: unknown): TrackedMetrics {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const out = {} as TrackedMetrics;
  for (const [key, column] of Object.entries(TRACKED_KEYS) as [keyof TrackedMetrics, string][]) {
    const value = source[column];
    out[key] = typeof value === 'boolean' ? value : true;
  }
  return out;
}

function toProfile(row: repo.AthleteProfileRow): AthleteProfile {
  return {
    id: row.id,
    layout_style: row.layoutStyle as LayoutStyle,
    // docs/dashboard.md, "Athlete profile": a stored list that is not well formed is answered as the default list.
    widget_config: normalizeWidgetConfig(row.widgetConfig),
    onboarding_complete: row.onboardingComplete,
    notification_preferences: preferencesOf(row.notificationPreferences),
    tracked_metrics: trackedMetricsOf(row.trackedMetrics),
    adaptation_enabled: row.adaptationEnabled,
    avatar_version: avatarVersionOf(row.avatarKey),
  };
}

/** `avatars/<athlete id>/<version>.webp` → the version (docs/profile.md, "Profile picture"). */
function avatarVersionOf(key: string | null): string | null {
  return key?.match(/^avatars\/[^/]+\/([a-f0-9]+)\.webp$/)?.[1] ?? null;
}

export interface AthleteServiceDeps {
  fileStore: FileStore;
  log?: { warn(obj: object, msg: string): void };
}

export function createAthleteService(db: Db, deps: AthleteServiceDeps) {
  /** A file no row points at any more: removed, and a failure only logged (the row is already right). */
  async function dropFile(key: string | null) {
    if (!key) return;
    try {
      await deps.fileStore.delete(key);
    } catch (err) {
      deps.log?.warn({ err, key }, 'could not remove an obsolete profile picture');
    }
  }

  return {
    /**
     * Stores a new profile picture: checked and re-encoded before anything is written, then the file, then
     * the row; the picture it replaces is removed last. A failure on the way leaves the old picture in place.
     */
    async putAvatar(auth: AuthContext, bytes: Buffer): Promise<Avatar> {
      const picture = await processAvatar(bytes);
      const version = randomBytes(16).toString('hex');
      const key = `avatars/${auth.athleteId}/${version}.webp`;
      await deps.fileStore.put(key, picture.webp);
      let replaced: { previous: string | null } | undefined;
      try {
        replaced = await repo.replaceAvatarKey(db, auth.athleteId, key);
      } catch (err) {
        await dropFile(key);
        throw err;
      }
      if (!replaced) {
        await dropFile(key);
        throw notFound('Athlete profile');
      }
      await dropFile(replaced.previous);
      return {
        avatar_version: version,
        content_type: 'image/webp',
        width: picture.width,
        height: picture.height,
      };
    },

    /** The stored picture's bytes and version; 404 without one. */
    async avatar(auth: AuthContext): Promise<{ bytes: Buffer; version: string }> {
      const key = await repo.avatarKey(db, auth.athleteId);
      const version = avatarVersionOf(key ?? null);
      if (!key || !version) throw notFound('Profile picture');
      try {
        return { bytes: await deps.fileStore.get(key), version };
      } catch (err) {
        if (err instanceof FileNotFoundError) throw notFound('Profile picture');
        throw err;
      }
    },

    /** Removes the picture (the shell falls back to initials); removing none is not an error. */
    async deleteAvatar(auth: AuthContext): Promise<{ avatar_version: null }> {
      const replaced = await repo.replaceAvatarKey(db, auth.athleteId, null);
      if (!replaced) throw notFound('Athlete profile');
      await dropFile(replaced.previous);
      return { avatar_version: null };
    },

    async profile(auth: AuthContext): Promise<AthleteProfile> {
      const row = await repo.findProfile(db, auth.athleteId);
      if (!row) throw notFound('Athlete profile');
      return toProfile(row);
    },

    /** Only the fields sent change; the body was validated by the contract (ids, duplicates, types). */
    async update(auth: AuthContext, body: AthleteProfileUpdateRequest): Promise<AthleteProfile> {
      const changes: repo.ProfileChanges = {};
      if (body.layout_style !== undefined) changes.layoutStyle = body.layout_style;
      if (body.onboarding_complete !== undefined) changes.onboardingComplete = body.onboarding_complete;
      if (body.adaptation_enabled !== undefined) changes.adaptationEnabled = body.adaptation_enabled;
      if (body.widget_config !== undefined) changes.widgetConfig = completeWidgetConfig(body.widget_config);
      if (body.notification_preferences !== undefined) {
        const sent = Object.entries(body.notification_preferences).filter(([, v]) => v !== undefined);
        changes.notificationPreferences = Object.fromEntries(sent) as Record<string, boolean>;
      }
      if (body.tracked_metrics !== undefined) {
        const sent = Object.entries(body.tracked_metrics).filter(([, v]) => v !== undefined);
        changes.trackedMetrics = Object.fromEntries(
          sent.map(([key, v]) => [TRACKED_KEYS[key as keyof TrackedMetrics], v]),
        ) as Record<string, boolean>;
      }
      const row = await repo.updateProfile(db, auth.athleteId, changes);
      if (!row) throw notFound('Athlete profile');
      return toProfile(row);
    },

    /** Whether the athlete finished onboarding (docs/onboarding.md), for the onboarding module. */
    async onboardingComplete(athleteId: string, conn: Conn = db): Promise<boolean> {
      return (await repo.findProfile(conn, athleteId))?.onboardingComplete ?? false;
    },

    /** Time zone and adaptation switch of athletes, for the daily adaptation (docs/adaptation.md). */
    adaptationSettings(athleteIds: readonly string[]) {
      return repo.adaptationSettings(db, athleteIds);
    },

    /** The athlete's time zone, for work done without a request (the onboarding job). */
    timezone(athleteId: string): Promise<string> {
      return repo.findTimezone(db, athleteId);
    },

    /** Time zone and week start, for work done outside a request (jobs). */
    calendar(athleteId: string) {
      return repo.findCalendar(db, athleteId);
    },

    /** Sets the onboarding flag, on `conn` (the approval's transaction) when given. */
    async setOnboardingComplete(athleteId: string, value: boolean, conn: Conn = db): Promise<void> {
      await repo.updateProfile(conn, athleteId, { onboardingComplete: value });
    },
  };
}

export type AthleteService = ReturnType<typeof createAthleteService>;
