import { ZHubSettings } from '@commons/contract';
import { describe, expect, it } from 'vitest';
import { activeModulesFor } from './hubs.presenter.js';

describe('activeModulesFor (spec 3 Active module item)', () => {
  const careerPathsItem = (moduleSettings: Record<string, unknown>) =>
    activeModulesFor(
      ZHubSettings.parse({
        enabledModules: ['home', 'career-paths'],
        featureFlags: { careerPaths: true },
        moduleSettings,
      }),
      null,
      'approved',
    ).find((m) => m.id === 'career-paths');

  it('marks Career Paths with enableCareerPathsPathwayUAssessments while the hub has an active assessment', () => {
    expect(careerPathsItem({ careerAssessment: { tabName: 'PathwayU', isEnabled: true } })).toMatchObject({
      enableCareerPathsPathwayUAssessments: true,
    });
    expect(careerPathsItem({ careerAssessment: { tabName: 'PathwayU', isEnabled: false } })).toMatchObject({
      enableCareerPathsPathwayUAssessments: false,
    });
    expect(careerPathsItem({})).toMatchObject({ enableCareerPathsPathwayUAssessments: false });
  });
});
