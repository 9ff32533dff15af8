// Seeding the shared library (docs/workout-bank.md, "Seeding"): on start, every library entry missing from the
// database is inserted and every entry whose content hash changed is rewritten in place by its slug, so
// favourites, ratings and views (which point at the row's id) are never touched. One transaction under an
// advisory lock: two processes starting at once seed once, and the second finds nothing to do.
import { DISCIPLINE_LABELS } from '@stamina/core';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workoutCategories, workoutTemplateCategories, workoutTemplates } from '../../db/schema/index.ts';
import { contentHash, deriveFields, LIBRARY, type LibraryTemplate } from './library/index.ts';
import { lockSearchState } from './repository.ts';

const SEED_LOCK_KEY = 7_140_014;

const TARGET_NAMES = {
  endurance: 'Endurance',
  tempo: 'Tempo',
  threshold: 'Threshold',
  vo2max: 'VO2max',
  speed: 'Speed',
  race_pace: 'Race Pace',
  technique: 'Technique',
  strength: 'Strength',
  recovery: 'Recovery',
  testing: 'Testing',
} as const;
const PHASE_NAMES = {
  aerobic_endurance: 'Aerobic Endurance',
  muscular_endurance: 'Muscular Endurance',
  muscular_force: 'Muscular Force',
  speed_neuromuscular: 'Speed & Neuromuscular',
  anaerobic_endurance: 'Anaerobic Endurance',
  threshold_development: 'Threshold Development',
  technique_drills: 'Technique & Drills',
  recovery_regeneration: 'Recovery & Regeneration',
  testing_benchmark: 'Testing & Benchmark',
} as const;
const INTENSITY_NAMES = { low: 'Low', moderate: 'Moderate', high: 'High', very_high: 'Very High' } as const;

/** Every category: its slug is '<type>:<value>', the value a template's field holds. */
const CATEGORIES = [
  ...Object.entries(DISCIPLINE_LABELS).map(([value, name], i) => ({
    type: 'discipline',
    value,
    name,
    order: i + 1,
  })),
  ...Object.entries(TARGET_NAMES).map(([value, name], i) => ({ type: 'target', value, name, order: i + 1 })),
  ...Object.entries(PHASE_NAMES).map(([value, name], i) => ({ type: 'phase', value, name, order: i + 1 })),
  ...Object.entries(INTENSITY_NAMES).map(([value, name], i) => ({
    type: 'intensity',
    value,
    name,
    order: i + 1,
  })),
] as const;

function rowValues(template: Omit<LibraryTemplate, 'slug'>) {
  const derived = deriveFields(template.structure, template.sport, template.discipline);
  const { warnings: _warnings, intensity, ...numbers } = derived;
  return {
    name: template.name,
    description: template.description,
    keyFocus: template.key_focus,
    discipline: template.discipline,
    sport: template.sport,
    difficultyLevel: template.difficulty,
    primaryTarget: template.primary_target,
    intensity,
    tags: template.tags,
    trainingPhases: template.phases,
    requiredEquipment: template.equipment,
    weatherSuitability: template.weather,
    structureText: template.structure,
    ...numbers,
  };
}

/** The category slugs a template belongs to: its discipline, target, each phase and its intensity. */
function categorySlugs(row: {
  discipline: string;
  primaryTarget: string;
  trainingPhases: readonly string[];
  intensity: string;
}): string[] {
  return [
    `discipline:${row.discipline}`,
    `target:${row.primaryTarget}`,
    ...row.trainingPhases.map((p) => `phase:${p}`),
    `intensity:${row.intensity}`,
  ];
}

export interface SeedResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Seeds or updates the library; `library` is replaceable for tests. */
export async function seedWorkoutBank(
  db: Db,
  library: readonly LibraryTemplate[] = LIBRARY,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await lockSearchState(tx);
    await tx
      .insert(workoutCategories)
      .values(
        CATEGORIES.map((c) => ({
          slug: `${c.type}:${c.value}`,
          name: c.name,
          categoryType: c.type,
          sortOrder: c.order,
        })),
      )
      .onConflictDoUpdate({
        target: workoutCategories.slug,
        set: { name: sql`excluded.name`, sortOrder: sql`excluded.sort_order` },
      });
    const existing = await tx
      .select({ id: workoutTemplates.id, slug: workoutTemplates.slug, hash: workoutTemplates.contentHash })
      .from(workoutTemplates)
      .where(isNotNull(workoutTemplates.slug));
    const bySlug = new Map(existing.map((r) => [r.slug, r]));
    const cats = await tx
      .select({ id: workoutCategories.id, slug: workoutCategories.slug })
      .from(workoutCategories);
    const catId = new Map(cats.map((c) => [c.slug, c.id]));
    const result: SeedResult = { inserted: 0, updated: 0, unchanged: 0 };
    const links: Array<{ templateId: string; categoryId: string }> = [];
    const addLinks = (templateId: string, values: ReturnType<typeof rowValues>) => {
      for (const slug of categorySlugs(values)) {
        const categoryId = catId.get(slug);
        if (categoryId) links.push({ templateId, categoryId });
      }
    };
    const fresh: Array<{ template: LibraryTemplate; hash: string; values: ReturnType<typeof rowValues> }> =
      [];
    const rewritten: string[] = [];
    for (const template of library) {
      const hash = contentHash(template);
      const found = bySlug.get(template.slug);
      if (found && found.hash === hash) {
        result.unchanged += 1;
        continue;
      }
      const values = rowValues(template);
      if (!found) {
        fresh.push({ template, hash, values });
        continue;
      }
      await tx
        .update(workoutTemplates)
        .set({ ...values, contentHash: hash, updatedAt: new Date() })
        .where(eq(workoutTemplates.id, found.id));
      rewritten.push(found.id);
      addLinks(found.id, values);
      result.updated += 1;
    }
    for (let i = 0; i < fresh.length; i += 100) {
      const chunk = fresh.slice(i, i + 100);
      const rows = await tx
        .insert(workoutTemplates)
        .values(
          chunk.map(({ template, hash, values }) => ({
            ...values,
            slug: template.slug,
            contentHash: hash,
            isVerified: true,
            isPublic: true,
          })),
        )
        .returning({ id: workoutTemplates.id, slug: workoutTemplates.slug });
      const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
      for (const { template, values } of chunk) addLinks(idBySlug.get(template.slug)!, values);
      result.inserted += chunk.length;
    }
    if (rewritten.length) {
      await tx
        .delete(workoutTemplateCategories)
        .where(inArray(workoutTemplateCategories.templateId, rewritten));
    }
    for (let i = 0; i < links.length; i += 500) {
      await tx
        .insert(workoutTemplateCategories)
        .values(links.slice(i, i + 500))
        .onConflictDoNothing();
    }
    return result;
  });
}
