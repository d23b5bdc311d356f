/**
 * The configuration's screens under /configuration, one chunk for all of them (they share the
 * preview and the save bar): settings, pay groups and one pay group, tax tiers, texts, themes;
 * routing, which has no preview, is a chunk of its own loaded when its tab opens.
 */
import { lazy } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import PayGroupEditScreen from './pay-group-edit';
import PayGroupsScreen from './pay-groups';
import SettingsScreen from './settings';
import TaxTiersScreen from './tax-tiers';
import TextsScreen from './texts';
import ThemesScreen from './themes';

const RoutingScreen = lazy(() => import('./routing'));

export default function ConfigurationRoutes(): ReactNode {
  return (
    <Routes>
      <Route index element={<SettingsScreen />} />
      <Route path="pay-groups" element={<PayGroupsScreen />} />
      <Route path="pay-groups/:flow/:shortName" element={<PayGroupEditScreen />} />
      <Route path="tax-tiers" element={<TaxTiersScreen />} />
      <Route path="texts" element={<TextsScreen />} />
      <Route path="themes" element={<ThemesScreen />} />
      <Route path="routing" element={<RoutingScreen />} />
      <Route path="*" element={<Navigate to="/configuration" replace />} />
    </Routes>
  );
}
