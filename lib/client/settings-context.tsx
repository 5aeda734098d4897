import { createContext, useContext, type ReactNode } from 'react';
import type { PublicSettings } from '../settings';
import type { Lang } from '../session/redirect';

interface ShellContext {
  settings: PublicSettings;
  lang: Lang;
}

const Context = createContext<ShellContext | null>(null);

export function SettingsProvider({ settings, lang, children }: ShellContext & { children: ReactNode }) {
  return <Context.Provider value={{ settings, lang }}>{children}</Context.Provider>;
}

export function useShell(): ShellContext {
  const value = useContext(Context);
  if (!value) throw new Error('useShell outside SettingsProvider');
  return value;
}
