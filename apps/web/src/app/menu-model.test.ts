import { describe, expect, it } from 'vitest';
import { parentListRoute, routeDef, routeHref } from '../lib/route-handle';
import { menuModel, selectedMenuKey } from './menu-model';

describe('side menu by permission (spec §6)', () => {
  const navigation = {
    main: ['HOME', 'SAMPLE', 'BOOKING', 'SYSTEM'],
    secondary: {
      HOME: ['Home', 'HomeSearch'],
      SAMPLE: ['Material', 'OriginalSample'],
      BOOKING: ['InspectionBooking'],
      SYSTEM: ['User', 'Config'],
    },
  };

  it('puts Home routes at the top, groups modules, and flattens a module of one route', () => {
    const menu = menuModel(navigation, 'en');
    expect(menu.map((e) => e.key)).toEqual([
      'Home',
      'HomeSearch',
      'module:SAMPLE',
      'InspectionBooking',
      'module:SYSTEM',
    ]);
    const samples = menu.find((e) => e.key === 'module:SAMPLE');
    expect(samples?.label).toBe('Samples');
    expect(samples?.children?.map((c) => [c.label, c.href])).toEqual([
      ['Materials', '/en/material'],
      ['Original samples', '/en/originalsample'],
    ]);
    expect(menu.find((e) => e.key === 'module:SYSTEM')?.children?.[1]?.href).toBe('/en/config');
  });

  it('labels in Chinese', () => {
    expect(menuModel(navigation, 'zh')[0]).toMatchObject({ label: '首页', href: '/zh' });
  });

  it('lights up the list a detail route is reached from', () => {
    const keys = new Set(['Material', 'User']);
    const listOf = (name: string) => {
      const def = routeDef(name);
      return def ? parentListRoute(def)?.name : undefined;
    };
    expect(selectedMenuKey('MaterialDetail', keys, listOf)).toBe('Material');
    expect(selectedMenuKey('User', keys, listOf)).toBe('User');
    expect(selectedMenuKey('Settings', keys, listOf)).toBeUndefined();
  });

  it('finds the list of nested detail routes', () => {
    const list = (name: string) => {
      const def = routeDef(name);
      return def ? parentListRoute(def)?.name : undefined;
    };
    expect(list('FirstSampleResult')).toBe('FirstSample');
    expect(list('ClientSafeTest')).toBe('Client');
    expect(list('DailyWorkReportDetail')).toBe('DailyWorkReport');
    expect(list('StandardCountryDetail')).toBe('StandardCountry');
    expect(list('Contract')).toBeUndefined();
    const config = routeDef('Config');
    expect(config && routeHref(config, 'zh')).toBe('/zh/config');
  });
});
