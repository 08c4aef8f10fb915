import { loadTeams, parseTeams } from './teams';

describe('teams.json', () => {
  it('names the team of every app in the repository’s file, the shell’s team deploying the shell', async () => {
    const teams = await loadTeams();
    expect(teams.ownerOf('shell')).toBe('shell');
    expect(teams.ownerOf('mf_gallery')).toBe('gallery');
    expect(teams.appsOf('rules')).toEqual(['mf_rules']);
  });

  it('refuses an unknown app, an app owned twice and the reserved build team, naming each', () => {
    expect(() =>
      parseTeams(
        {
          teams: {
            gallery: { apps: ['mf_gallery', 'mf_shop'] },
            blog: { apps: ['mf-blog', 'mf_gallery'] },
            build: { apps: ['shell'] },
          },
        },
        'teams.json',
      ),
    ).toThrow(
      'teams.json is invalid: team gallery names an unknown app "mf_shop" (apps: shell, mf_gallery, mf_blog, mf_mysterybox, mf_account, mf_rules); mf_gallery is owned by both gallery and blog; "build" is reserved for npm run build\'s publish.',
    );
    expect(() => parseTeams({ teams: { gallery: { apps: [] } } }, 'teams.json')).toThrow(
      'teams.json is invalid: teams.gallery.apps: a team owns at least one app.',
    );
    expect(() => parseTeams({ teams: { Gallery: { apps: ['mf_gallery'] } } }, 'teams.json')).toThrow(
      'teams.json is invalid: team name "Gallery" is not 2-32 lower-case letters, digits or dashes, starting with a letter.',
    );
  });
});
