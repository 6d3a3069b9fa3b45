import 'reflect-metadata';
// nestjs-cls and its transactional plugin are CommonJS that require() @nestjs/common, an ES
// module: loaded here first, as Jest refuses that require() while a test's module graph holds
// @nestjs/common half-evaluated (a cycle).
import 'nestjs-cls';
import '@nestjs-cls/transactional';
import '@nestjs-cls/transactional-adapter-typeorm';
