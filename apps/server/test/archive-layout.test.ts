// Which archive a zip is, from its member names, and Strava's activities.csv read as it streams
// (docs/activities.md, "Platform archives").
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { archiveLayout, memberRole, readStravaCsv } from '../src/modules/activities/archive-layout.ts';
import { stravaCsv } from './platform-archive.ts';

describe('archive layouts', () => {
  it('tells Strava, Garmin Connect and a plain zip apart by their members', () => {
    expect(archiveLayout(['activities.csv', 'activities/', 'activities/1.fit.gz', 'media/a.jpg'])).toBe(
      'strava',
    );
    expect(archiveLayout(['activities.csv', 'activities/'])).toBe('strava');
    expect(
      archiveLayout([
        'DI_CONNECT/DI-Connect-Fitness/a_summarizedActivities.json',
        'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip',
      ]),
    ).toBe('garmin');
    expect(archiveLayout(['runs/a.gpx', 'b.fit'])).toBe('recordings');
  });

  it('imports only recordings under activities/ from Strava, and opens only Garmin uploaded-file zips', () => {
    expect(memberRole('strava', 'activities/1.tcx.gz')).toBe('recording');
    expect(memberRole('strava', 'routes/1.gpx')).toBeNull();
    expect(memberRole('strava', 'media/1.jpg')).toBeNull();
    expect(memberRole('garmin', 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part2.zip')).toBe(
      'zip',
    );
    expect(memberRole('garmin', 'DI_CONNECT/DI-Connect-Wellness/x.zip')).toBeNull();
    expect(memberRole('recordings', 'nested/other.zip')).toBeNull();
  });
});

describe("Strava's activities.csv", () => {
  it('maps each Filename to its name, description and gear; leaves out manual entries; reads a BOM', async () => {
    const csv = stravaCsv([
      {
        id: 1,
        file: '1.fit.gz',
        name: '  Hill repeats ',
        description: 'Six, "hard"\nthen home',
        gear: 'Tarmac',
      },
      { id: 2, file: '2.GPX', name: 'Commute' },
      { id: 3, file: null, name: 'Yoga' },
    ]);
    const meta = await readStravaCsv(Readable.from([Buffer.from(`\uFEFF${csv}`)]));
    expect([...meta.entries()]).toEqual([
      [
        'activities/1.fit.gz',
        { name: 'Hill repeats', description: 'Six, "hard"\nthen home', gear: 'Tarmac' },
      ],
      ['activities/2.gpx', { name: 'Commute', description: undefined, gear: undefined }],
    ]);
  });

  it('gives nothing for a CSV without a Filename column (another export)', async () => {
    const meta = await readStravaCsv(Readable.from([Buffer.from('Nom,Fichier\nA,b.fit\n')]));
    expect(meta.size).toBe(0);
  });
});
