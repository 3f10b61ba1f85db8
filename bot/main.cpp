// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--version") == 0) {
        std::printf("croupierd %s\n", CROUPIER_VERSION);
        return 0;
    }
    std::fprintf(stderr, "croupierd: not yet\n");
    return 1;
}
