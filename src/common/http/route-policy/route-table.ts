import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { ModulesContainer } from '@nestjs/core';
import { READS_NO_BODY } from '#src/common/http/route-policy/reads-no-body.decorator.js';

/** One route of a controller: where it answers, and its handler to read metadata from. */
export interface RouteOf {
  controller: Type;
  handler: object;
  /** Normalized: lower case, a leading slash and no trailing one. */
  path: string;
  method: RequestMethod;
  pattern: RegExp;
  /** It has a `@Body()` parameter, or takes the request itself (a Passport strategy or the OAuth server reads its body) unless `@ReadsNoBody()`. */
  readsBody: boolean;
}

/** Every controller of the application, in the order Nest registers their routes. */
export function controllersOf(modules: ModulesContainer): Type[] {
  const controllers: Type[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      if (wrapper.metatype) {
        controllers.push(wrapper.metatype as Type);
      }
    }
  }
  return controllers;
}

/** The routes of a controller, each path compiled the way Express matches it (case-insensitive, `:param` one segment). */
export function routesOf(controller: Type): RouteOf[] {
  const routes: RouteOf[] = [];
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    const handler = (controller.prototype as Record<string, unknown>)[name];
    const method = typeof handler === 'function' ? (Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined) : undefined;
    if (method === undefined) {
      continue;
    }
    for (const base of pathsOf(controller)) {
      for (const own of pathsOf(handler as object)) {
        const path = normalized(`${base}/${own}`);
        routes.push({
          controller,
          handler: handler as object,
          path,
          method,
          pattern: patternOf(path),
          readsBody: readsBody(controller, name, handler as object),
        });
      }
    }
  }
  return routes;
}

function readsBody(controller: Type, name: string, handler: object): boolean {
  if (Reflect.getMetadata(READS_NO_BODY, handler) === true) {
    return false;
  }
  const parameters = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
  const reading = [RouteParamtypes.BODY, RouteParamtypes.REQUEST, RouteParamtypes.RAW_BODY].map(String);
  return Object.keys(parameters).some((key) => reading.includes(key.split(':')[0]));
}

export function matchesMethod(route: RouteOf, method: string): boolean {
  const wanted = method.toUpperCase() === 'HEAD' ? ['HEAD', 'GET'] : [method.toUpperCase()];
  return route.method === RequestMethod.ALL || wanted.includes(RequestMethod[route.method]);
}

export function pathsOf(target: object): string[] {
  const paths = Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
  return Array.isArray(paths) ? paths : [paths ?? ''];
}

export function normalized(path: string): string {
  return `/${path.split('/').filter(Boolean).join('/')}`.toLowerCase();
}

/** `path` equals `prefix` or lies below it. */
export function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        return '[^/]+';
      }
      if (segment.startsWith('*')) {
        return '.*';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}
