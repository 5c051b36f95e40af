// Types of the interface dictionaries: the Portuguese dictionary defines the keys.
import type { ptBR } from './pt-BR.ts';

export type MessageKey = keyof typeof ptBR;
export type Dictionary = Record<MessageKey, string>;
export type Lang = 'pt-BR' | 'en';
export const LANGS: readonly Lang[] = ['pt-BR', 'en'];
