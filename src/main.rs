fn main() {
    jiangjun::uci::run();
}
