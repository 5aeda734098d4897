#!/usr/bin/env node
// `next dev` on the same port setting as start.
import { spawn } from 'node:child_process';
import { checkNode } from './check-node.mjs';

checkNode();

const port = process.env.PORT ?? '3000';
const child = spawn('next', ['dev', '-p', port], { stdio: 'inherit', env: process.env, shell: false });
child.on('exit', (code) => process.exit(code ?? 0));
